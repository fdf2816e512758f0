# SPDX-License-Identifier: BSL-1.0
# Figure 3 of the paper: the quadratic contact oscillator (gamma = 1, C = 18) and its invariant
# sphere H = 0 of radius 6, with chi2 (left) and cvi2 (right).
# Run in the directory where example/paper_fig3_contact_oscillator wrote its CSV files:
#   gnuplot -e "outdir='<repo>/doc/figures'" paper_fig3_contact_oscillator.gp
if (!exists("outdir")) outdir = "."
set terminal pngcairo size 1500,860 font "Sans,13" linewidth 1.5
set output outdir."/paper_fig3_contact_oscillator.png"
set datafile separator ","

on_color = "#1f5fbf"
outside_color = "#9b2fae"
inside_color = "#2ca02c"
sphere_color = "#e3b505"

set parametric
set urange [0:2*pi]
set vrange [-pi/2:pi/2]
set isosamples 24, 13
set view 70, 30, 1.2, 1.0
set view equal xyz
set xrange [-7:7]
set yrange [-7:7]
set zrange [-9:8]
set xtics 3 offset 0,-0.3
set ytics 3
set ztics 3
set xlabel "q" offset 0,-1
set ylabel "p" offset 1,0
set zlabel "s" offset 2,0
set xyplane at -9
set key at screen 0.5, 0.065 center center horizontal maxrows 2 box opaque samplen 2
set label 1 "N" at 0, 0, 6.6 front
set label 2 "S" at 0.4, 0, -6.6 front

set multiplot title "Quadratic contact oscillator, {/Symbol g} = 1, C = 18, {/Symbol t} = 0.01, t in [0, 60] (paper, Figure 3)" font "Sans,16"
do for [m = 1:2] {
    method = word("chi2 cvi2", m)
    set origin (m - 1) * 0.5, 0.13
    set size 0.5, 0.8
    set title method." (".word("left right", m)." of the paper's figure)"
    if (m == 2) { unset key }
    f(class, i) = "fig3_".method."_".class.i.".csv"
    splot 6*cos(u)*cos(v), 6*sin(u)*cos(v), 6*sin(v) with lines lw 0.4 lc rgb sphere_color title "H = 0 (radius 6)", \
          0, 0, -6 - 3*(v + pi/2)/pi with lines lw 3 lc rgb "black" title "invariant half-line below S", \
          for [i = 1:3] f("on", i) using 2:3:4 with lines lw 2 lc rgb on_color title (i == 1 ? "start on H = 0" : ""), \
          for [i = 1:3] f("outside", i) using 2:3:4 with lines lw 2 lc rgb outside_color title (i == 1 ? "outside" : ""), \
          for [i = 1:3] f("inside", i) using 2:3:4 with lines lw 2 lc rgb inside_color title (i == 1 ? "inside" : ""), \
          for [k = 1:9] f(word("on outside inside", (k + 2) / 3), (k - 1) % 3 + 1) using 2:3:4 every ::0::1 \
              with points pt 7 ps 0.9 lc rgb "black" title (k == 1 ? "initial points" : "")
}
unset multiplot
