# SPDX-License-Identifier: BSL-1.0
# Figure for example/van_der_pol.cpp: run the program (it writes vdp_limit_cycle.csv and
# vdp_error_vs_cost.csv), then
#   gnuplot -e "outdir='<dir>'" van_der_pol.gp
# Left: the limit cycle in the (q, s = q') plane after the transient, chi2 at dt = 0.2 beside
# runge_kutta_dopri5 at tolerance 1e-12. Right: largest error of q and s over t in [0, 20] against evaluations of f.
if (!exists("outdir")) outdir = "."
set terminal pngcairo size 1400,600 font ",12"
set output outdir."/van_der_pol.png"
set datafile separator ","
set multiplot layout 1,2

set title "forced Van der Pol (eps = 0.8, a = 0.6, omega = 1), t in [20, 60]"
set xlabel "q"
set ylabel "s = dq/dt"
set grid lc rgb "#dddddd"
set key top left box opaque
late(c) = column(1) >= 20 ? column(c) : NaN
plot "vdp_reference.csv" every ::1 using (late(2)):(late(3)) with lines lw 2 lc rgb "#999999" title "runge\\_kutta\\_dopri5, tol 1e-12", \
     "vdp_limit_cycle.csv" every ::1 using (late(2)):(late(3)) with points pt 7 ps 0.7 lc rgb "#1f77b4" title "chi2, dt = 0.2 (split pieces)"

set title "error against cost"
set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set xlabel "evaluations of f(q)"
set ylabel "max error of q and s, t in [0, 20]"
set key bottom left box opaque
sel(m, c) = (strcol(1) eq m) ? column(c) : NaN
plot "vdp_error_vs_cost.csv" every ::1 using (sel("chi2", 3)):(sel("chi2", 4)) with linespoints pt 7 lc rgb "#1f77b4" title "chi2", \
     "" every ::1 using (sel("chi4", 3)):(sel("chi4", 4)) with linespoints pt 5 lc rgb "#ff7f0e" title "chi4", \
     "" every ::1 using (sel("chi6_kl", 3)):(sel("chi6_kl", 4)) with linespoints pt 9 lc rgb "#2ca02c" title "chi<kahan\\_li6>", \
     "" every ::1 using (sel("dopri5", 3)):(sel("dopri5", 4)) with linespoints pt 4 dt 2 lc rgb "#000000" title "runge\\_kutta\\_dopri5"
unset multiplot
