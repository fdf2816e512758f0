# SPDX-License-Identifier: BSL-1.0
# Figure for example/cubic_action_oscillator.cpp: run the program (it writes
# cubic_action_oscillator.csv), then  gnuplot -e "outdir='<dir>'" cubic_action_oscillator.gp
if (!exists("outdir")) outdir = "."
set terminal pngcairo size 1200,480 font ",11"
set output outdir."/cubic_action_oscillator.png"
set datafile separator ","
set key autotitle columnhead
set multiplot layout 1,2 title "H = p^2/2 + q^2/2 + s^3/3: friction s^2 that fades with the action (chi2, {/Symbol t} = 0.1)"

set title "phase portrait"
set xlabel "q"
set ylabel "p"
set size ratio -1
plot "cubic_action_oscillator.csv" using 6:7 with lines lw 3 lc rgb "#bbbbbb" title "reference (dopri5, 1e-12)", \
     "" using 2:3 with lines lw 1 lc rgb "#1f77b4" title "chi2, action\\_term"

set size noratio
set title "energy and action"
set xlabel "t"
set ylabel "E = (p^2 + q^2)/2"
set logscale y
set y2label "s"
set y2tics
set ytics nomirror
plot "cubic_action_oscillator.csv" using 1:9 with lines lw 3 lc rgb "#bbbbbb" title "E, reference", \
     "" using 1:5 with lines lw 1 lc rgb "#1f77b4" title "E, chi2", \
     "" using 1:4 axes x1y2 with lines lw 1 lc rgb "#d62728" title "s, chi2"
unset multiplot
