# SPDX-License-Identifier: BSL-1.0
# Figure 4 of the paper: the quadratic contact oscillator from (q, p, s) = (-1, 0, -7), below the
# repelling south pole, with steps 0.04 ... 0.001 for chi2, cvi2 and runge_kutta4.
# Run in the directory where example/paper_fig4_stiff_start wrote its CSV files:
#   gnuplot -e "outdir='<repo>/doc/figures'" paper_fig4_stiff_start.gp
if (!exists("outdir")) outdir = "."
load "fig4_summary.gp"
set terminal pngcairo size 1500,1150 font "Sans,13" linewidth 1.5
set output outdir."/paper_fig4_stiff_start.png"
set datafile separator ","

steps = "0.04 0.027 0.015 0.005 0.001"
array colors[5] = ["#d62728", "#ff7f0e", "#2ca02c", "#1f5fbf", "#444444"]

set multiplot layout 3, 1 title "Quadratic contact oscillator from (q, p, s) = (-1, 0, -7): reach the north pole N = (0, 0, 6) or fail (paper, Figure 4)" font "Sans,16"
set xrange [0:1.2]
set yrange [-75:55]
set xtics 0.1
set ytics 20
set grid
set ylabel "s"
set key outside right top vertical box width 1 spacing 1.15
set lmargin 9
set rmargin 60
do for [m = 1:3] {
    method = word("chi2 cvi2 rk4", m)
    set title word("chi2 cvi2 runge\\_kutta4", m) offset 0,-0.6
    if (m == 3) {
        set xlabel "t"
        set label 1 "{/Symbol \264}: last accepted point of a failed run.\nchi2 and cvi2 stop with odeint\\_contact::step\\_error\nand leave the state unchanged; runge\\_kutta4\ndoes not notice and overflows (|s| > 10^6)." \
            at screen 0.62, screen 0.13 left
    }
    outcome(k) = value(method."_outcome_".k)
    last(k, what) = value(method."_last_".what."_".k)
    # Each trajectory, and a cross at the last accepted point of a failed run.
    plot for [k = 1:5] "fig4_".method."_".k.".csv" using 1:4 with lines lw 2 lc rgb colors[k] \
             title sprintf("{/Symbol t} = %s: %s", word(steps, k), outcome(k)), \
         for [k = 1:5] "+" using (last(k, "t")):(value(method."_failed_".k) ? last(k, "s") : NaN) every ::0::0 \
             with points pt 2 ps 3 lw 3 lc rgb colors[k] notitle
}
unset multiplot
