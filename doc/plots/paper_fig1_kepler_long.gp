# SPDX-License-Identifier: BSL-1.0
# Figure 1 of the paper: perturbed Kepler problem, f(t) = -0.01 sin(pi t), tau = 0.1, t in [0, 2e5].
# Run in the directory where example/paper_fig1_kepler_long wrote its CSV files:
#   gnuplot -e "outdir='<repo>/doc/figures'" paper_fig1_kepler_long.gp
if (!exists("outdir")) outdir = "."
load "fig1_summary.gp"
set terminal pngcairo size 1500,1050 font "Sans,13" linewidth 1.5
set output outdir."/paper_fig1_kepler_long.png"
set datafile separator ","

chi2_color = "#1f5fbf"
cvi2_color = "#9b2fae"
rk4_color = "#d62728"

set multiplot title "Perturbed Kepler problem, f(t) = -0.01 sin({/Symbol p}t), {/Symbol t} = 0.1, 2{/Symbol \264}10^6 steps (paper, Figure 1)" font "Sans,16"

# Top: the range of |q| over every 100 time units.
set origin 0, 0.52
set size 1, 0.44
set xlabel "t"
set ylabel "|q|  (min and max per 100 time units)"
set xrange [0:200000]
set yrange [0:3]
set format x "%.0s{/Symbol \264}10^%T"
set xtics 25000 format "%g"
set key top left box opaque
set label 1 sprintf("runge\\_kutta4 escapes at t = %.0f", rk4_escape) at rk4_escape, 2.6 right offset -1,0 textcolor rgb rk4_color
set arrow 1 from rk4_escape, 2.45 to rk4_escape, 1.9 lc rgb rk4_color
set label 2 sprintf("precession of the orbit (rad per time unit): chi2 %.2e, cvi2 %.2e;\nthe exact solution (runge\\_kutta4 with {/Symbol t} = 0.01, t < 2000): %.1e", \
    chi2_precession, cvi2_precession, reference_precession) at graph 0.02, graph 0.1 left
plot "fig1_chi2_radius.csv" using 1:2:3 with filledcurves fs solid 0.5 lc rgb chi2_color title "chi2", \
     "fig1_cvi2_radius.csv" using 1:2 with lines dt 2 lw 2 lc rgb cvi2_color title "cvi2 (min, max)", \
     "fig1_cvi2_radius.csv" using 1:3 with lines dt 2 lw 2 lc rgb cvi2_color notitle, \
     "fig1_rk4_radius.csv" using 1:2 with lines lc rgb rk4_color title "runge\\_kutta4 (min, max)", \
     "fig1_rk4_radius.csv" using 1:3 with lines lc rgb rk4_color notitle
unset label 1
unset label 2
unset arrow 1

# Bottom: the orbits in the plane, every 10th step.
set size ratio -1
set xrange [-1.6:1.6]
set yrange [-1.6:1.6]
set xtics 1 format "%g"
set ytics 1
set xlabel "q_1"
set ylabel "q_2"
unset key
set size 0.33, 0.5
set origin 0.0, 0.0
set title sprintf("chi2: bounded\nprecession %.2e rad per time unit", chi2_precession)
plot "fig1_chi2_orbit.csv" using 2:3 with dots lc rgb chi2_color
set origin 0.33, 0.0
set title sprintf("cvi2: bounded\nprecession %.2e rad per time unit", cvi2_precession)
plot "fig1_cvi2_orbit.csv" using 2:3 with dots lc rgb cvi2_color
set origin 0.66, 0.0
set title sprintf("runge\\_kutta4: eccentricity grows\nescapes at t = %.0f", rk4_escape)
plot "fig1_rk4_orbit.csv" using 2:3 with dots lc rgb rk4_color
unset multiplot
