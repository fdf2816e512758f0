# SPDX-License-Identifier: BSL-1.0
# Figure 2 of the paper: perturbed Kepler problem, f(t) = -0.05 sin(pi t), tau = 0.3, t in [0, 1000].
# Run in the directory where example/paper_fig2_kepler wrote its CSV files:
#   gnuplot -e "outdir='<repo>/doc/figures'" paper_fig2_kepler.gp
if (!exists("outdir")) outdir = "."
load "fig2_summary.gp"
set terminal pngcairo size 1500,1000 font "Sans,13" linewidth 1.5
set output outdir."/paper_fig2_kepler.png"
set datafile separator ","

chi2_color = "#1f5fbf"
cvi2_color = "#9b2fae"
chi6_color = "#2ca02c"
rk4_color = "#d62728"

set multiplot title "Perturbed Kepler problem, f(t) = -0.05 sin({/Symbol p}t), {/Symbol t} = 0.3, t in [0, 1000] (paper, Figure 2)" font "Sans,16"

# Top row: the orbits in the plane.
set size ratio -1
set xrange [-1.6:1.6]
set yrange [-1.6:1.6]
set xtics 1
set ytics 1
set xlabel "q_1"
set ylabel "q_2" offset 1,0
unset key
set size 0.25, 0.52
set origin 0.0, 0.46
set title sprintf("chi2\n%.3f < |q| < %.3f", chi2_rmin, chi2_rmax)
plot "fig2_chi2.csv" using 2:3 with lines lw 0.5 lc rgb chi2_color
set origin 0.25, 0.46
set title sprintf("cvi2\n%.3f < |q| < %.3f", cvi2_rmin, cvi2_rmax)
plot "fig2_cvi2.csv" using 2:3 with lines lw 0.5 lc rgb cvi2_color
set origin 0.5, 0.46
set title sprintf("chi6\n%.3f < |q| < %.3f", chi6_rmin, chi6_rmax)
plot "fig2_chi6.csv" using 2:3 with lines lw 0.5 lc rgb chi6_color
set origin 0.75, 0.46
set title sprintf("runge\\_kutta4\nescapes at t = %.1f", rk4_escape)
plot "fig2_rk4.csv" using 2:3 with lines lw 0.5 lc rgb rk4_color

# Bottom: |q| against t.
set size noratio
set size 1, 0.44
set origin 0, 0.0
unset title
set xrange [0:1000]
set yrange [0:3]
set xtics 100
set ytics 0.5
set xlabel "t"
set ylabel "|q|" offset 0,0
set key top left box opaque horizontal
set label 1 sprintf("runge\\_kutta4 escapes at t = %.1f", rk4_escape) at rk4_escape, 2.3 right offset -1,0 textcolor rgb rk4_color
set arrow 1 from rk4_escape, 2.15 to rk4_escape, 1.6 lc rgb rk4_color
plot "fig2_chi6.csv" using 1:4 with lines lw 0.8 lc rgb chi6_color title "chi6", \
     "fig2_cvi2.csv" using 1:4 with lines lw 0.8 lc rgb cvi2_color title "cvi2", \
     "fig2_chi2.csv" using 1:4 with lines lw 0.8 lc rgb chi2_color title "chi2", \
     "fig2_rk4.csv" using 1:4 with lines lw 1 lc rgb rk4_color title "runge\\_kutta4"
unset multiplot
