# SPDX-License-Identifier: BSL-1.0
# Figure for bench/adaptive.cpp: run `adaptive --csv adaptive.csv` (an optimised build), then
#   gnuplot -e "outdir='<dir>'" adaptive_work_precision.gp
# Error at T = 20 against gradient evaluations (top) and CPU time (bottom), log-log, on the
# paper's orbit (left) and the e = 0.9 orbit (right): reversible (kahan_li8 also with the monitor
# |q|^1.25) and step-doubling controlled contact steppers, fixed-step chi<kahan_li8>, odeint's controlled rkf78 and dopri5 (dashed).
if (!exists("outdir")) outdir = "."
set terminal pngcairo size 1600,1200 font ",12"
set output outdir."/adaptive_work_precision.png"
set datafile separator ","

set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set yrange [1e-13:1]
set grid xtics ytics mxtics mytics lc rgb "#dddddd"
set key bottom left box opaque spacing 1.1 width 1 font ",10"
set ylabel "error at T = 20  (largest of |Δq|, |Δp|, |Δs|)"

file = "adaptive.csv"
sel(p, m, c) = (strcol(1) eq p && strcol(2) eq m) ? column(c) : NaN

methods = "reversible_kl8_a1.25 reversible_kl8 controlled_kl8 reversible_kl6 reversible_suzuki4 controlled_suzuki4 reversible_chi2 controlled_chi2 fixed_kl8 rkf78 dopri5"
colors = "#e377c2 #d62728 #ff9896 #bcbd22 #1f77b4 #aec7e8 #2ca02c #98df8a #8c564b #555555 #9467bd"
dashes = "1 1 1 1 1 1 1 1 1 2 2"
name(i) = system("echo ".word(methods, i)." | tr _ ' '")

set multiplot layout 2,2
do for [column in "5 6"] {
    do for [problem in "paper e09"] {
        set title (problem eq "paper" ? "paper's orbit (e ≈ 0.22)" : "e = 0.9 from apocentre")
        set xlabel (column eq "5" ? "gradient evaluations" : "CPU seconds per run")
        plot for [i=1:words(methods)] file using (sel(problem, name(i), int(column))):(sel(problem, name(i), 4)) \
             with linespoints lw 2 dt int(word(dashes, i)) pt 7 ps 0.6 lc rgb word(colors, i) title name(i) noenhanced
    }
}
unset multiplot
