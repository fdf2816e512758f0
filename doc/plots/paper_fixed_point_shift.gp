# SPDX-License-Identifier: BSL-1.0
# The shifted equilibria of chi2 on the quadratic contact oscillator (gamma = 1, C = 18) against
# the paper's formula +-1/2 sqrt(8C/gamma + tau^2 C^2), with cvi2's for comparison.
# Run in the directory where example/paper_fixed_point_shift wrote fixed_point_shift.csv:
#   gnuplot -e "outdir='<repo>/doc/figures'" paper_fixed_point_shift.gp
if (!exists("outdir")) outdir = "."
set terminal pngcairo size 1200,1000 font "Sans,13" linewidth 1.5
set output outdir."/paper_fixed_point_shift.png"
set datafile separator ","
set datafile missing "nan"

C = 18.0
g = 1.0
formula(tau) = 0.5 * sqrt(8 * C / g + tau**2 * C**2)

set multiplot title "Equilibria of the chi2 map, quadratic contact oscillator {/Symbol g} = 1, C = 18" font "Sans,16"
set origin 0, 0.36
set size 1, 0.6
set xrange [0:1.55]
set yrange [-16:16]
set xlabel "step {/Symbol t}"
set ylabel "s at the equilibrium (q = p = 0)"
set grid
set key at graph 0.5, graph 0.5 center center box opaque spacing 1.1
set samples 400
plot formula(x) with lines lw 2 lc rgb "black" title "paper: {/Symbol \\261}1/2 sqrt(8C/{/Symbol g} + {/Symbol t}^2C^2)", \
     -formula(x) with lines lw 2 lc rgb "black" notitle, \
     sqrt(2 * C / g) with lines dt 2 lw 2 lc rgb "#777777" title "continuous system: {/Symbol \\261}sqrt(2C/{/Symbol g}) = {/Symbol \\261}6", \
     -sqrt(2 * C / g) with lines dt 2 lw 2 lc rgb "#777777" notitle, \
     "fixed_point_shift.csv" using 1:2 with points pt 7 ps 1.2 lc rgb "#1f5fbf" title "chi2, attracting: where a run from (1, 0, 0) settles", \
     "fixed_point_shift.csv" using 1:4 with points pt 5 ps 1.0 lc rgb "#d62728" title "chi2, repelling: root of the step map on q = p = 0", \
     "fixed_point_shift.csv" using 1:5 with points pt 9 ps 1.4 lc rgb "#9b2fae" title "cvi2, attracting (unshifted; fails from (1, 0, 0) for larger {/Symbol t})"

set origin 0, 0.0
set size 1, 0.36
set logscale y
set format y "10^{%T}"
set yrange [1e-17:1e-13]
set ylabel "|measured - formula| / formula"
set key at graph 0.98, graph 0.95 right top box opaque
set label 1 "a difference of exactly 0 is drawn at the bottom edge" at graph 0.02, graph 0.92 left
eps = 2.0**-52
plot eps with lines dt 2 lw 2 lc rgb "#777777" title "double epsilon", \
     "fixed_point_shift.csv" using 1:(abs($2 - $3) / $3 > 0 ? abs($2 - $3) / $3 : 1.5e-17) with points pt 7 ps 1.2 lc rgb "#1f5fbf" title "chi2 attracting", \
     "fixed_point_shift.csv" using 1:(abs($4 + $3) / $3 > 0 ? abs($4 + $3) / $3 : 1.5e-17) with points pt 5 ps 1.0 lc rgb "#d62728" title "chi2 repelling"
unset multiplot
