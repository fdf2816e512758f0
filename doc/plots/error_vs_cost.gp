# Figure for example/error_vs_cost.cpp: run the program (it writes error_vs_cost.csv), then
#   gnuplot -e "outdir='<dir>'" error_vs_cost.gp
# Error at T = 20 against evaluations of dV/dq, log-log; each method one curve.
if (!exists("outdir")) outdir = "."
set terminal pngcairo size 1100,760 font ",14"
set output outdir."/error_vs_cost.png"
set datafile separator ","

set title "Perturbed Kepler problem (errata §4), error at T = 20 against cost"
set xlabel "evaluations of dV/dq  (steps × stages; runge\\_kutta4: 4 per step)"
set ylabel "error at T = 20  (largest of |Δq|, |Δp|, |Δs|)"
set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set xrange [20:2e6]
set yrange [1e-12:10]
set grid xtics ytics mxtics mytics lc rgb "#dddddd"
set key top right box opaque spacing 1.3 width 1

# One method's rows: x = evaluations, y = error (NaN elsewhere, so gnuplot skips them).
col(m, c) = (strcol(1) eq m) ? column(c) : NaN
file = "error_vs_cost.csv"
plot file using (col("chi2", 4)):(col("chi2", 5)) with linespoints lw 2 pt 7 ps 0.8 lc rgb "#1f77b4" title "chi2 (order 2, 1 stage)", \
     file using (col("chi4", 4)):(col("chi4", 5)) with linespoints lw 2 pt 5 ps 0.8 lc rgb "#ff7f0e" title "chi4 (order 4, 3 stages)", \
     file using (col("chi6", 4)):(col("chi6", 5)) with linespoints lw 2 pt 9 ps 0.9 lc rgb "#2ca02c" title "chi6 (order 6, 7 stages)", \
     file using (col("chi8", 4)):(col("chi8", 5)) with linespoints lw 2 pt 11 ps 0.9 lc rgb "#d62728" title "chi8 (order 8, 15 stages)", \
     file using (col("runge_kutta4", 4)):(col("runge_kutta4", 5)) with linespoints lw 2 dt 2 pt 6 ps 0.8 lc rgb "#555555" title "odeint runge\\_kutta4 (order 4)"
