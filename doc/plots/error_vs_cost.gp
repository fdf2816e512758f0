# SPDX-License-Identifier: BSL-1.0
# Figure for example/error_vs_cost.cpp: run the program (it writes error_vs_cost.csv), then
#   gnuplot -e "outdir='<dir>'" error_vs_cost.gp
# Error at T = 20 against evaluations of dV/dq, log-log: one panel per problem and base step
# (chi<Table>, cvi<Table>), one curve per table, odeint's runge_kutta4 dashed and galerkin_cvi4
# dotted in every panel (galerkin_cvi4's cost: its calls of V and dV/dq plus its Hessians of V,
# columns 6 and 8).
if (!exists("outdir")) outdir = "."
set terminal pngcairo size 1600,1200 font ",12"
set output outdir."/error_vs_cost.png"
set datafile separator ","

set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set xrange [20:2e6]
set yrange [1e-13:10]
set grid xtics ytics mxtics mytics lc rgb "#dddddd"
set key top right box opaque spacing 1.1 width 1 font ",10"
set xlabel "evaluations of dV/dq  (steps × stages; cvi carries its sample; runge\\_kutta4: 4 per step)"
set ylabel "error at T = 20  (largest of |Δq|, |Δp|, |Δs|)"

file = "error_vs_cost.csv"
# One curve's rows: x = evaluations, y = error (NaN elsewhere, so gnuplot skips them).
sel(p, b, t, c) = (strcol(1) eq p && strcol(2) eq b && strcol(3) eq t) ? column(c) : NaN

tables = "single_stage triple_jump4 suzuki4 yoshida6 kahan_li6 yoshida8 mclachlan8 kahan_li8 sofroniou_spaletta10"
orders = "2 4 4 6 6 8 8 8 10"
colors = "#1f77b4 #ff7f0e #e377c2 #2ca02c #17becf #d62728 #9467bd #8c564b #bcbd22"
points = "7 5 13 9 8 11 4 6 3"

set multiplot layout 2,2
do for [problem in "kepler oscillator"] {
    do for [base in "chi cvi"] {
        set title sprintf("%s: %s<Table>", problem eq "kepler" ? "perturbed Kepler (Errata item 4)" : "damped oscillator (gamma = 0.1)", base)
        plot for [i=1:words(tables)] file using (sel(problem, base, word(tables, i), 6)):(sel(problem, base, word(tables, i), 7)) \
                 with linespoints lw 2 pt int(word(points, i)) ps 0.7 lc rgb word(colors, i) \
                 title sprintf("%s (order %s)", word(tables, i), word(orders, i)) noenhanced, \
             file using (sel(problem, "rk4", "runge_kutta4", 6)):(sel(problem, "rk4", "runge_kutta4", 7)) \
                 with linespoints lw 2 dt 2 pt 6 ps 0.7 lc rgb "#555555" title "odeint runge\\_kutta4 (order 4)", \
             file using (sel(problem, "galerkin", "galerkin_cvi4", 6) + sel(problem, "galerkin", "galerkin_cvi4", 8)):(sel(problem, "galerkin", "galerkin_cvi4", 7)) \
                 with linespoints lw 2 dt 3 pt 2 ps 0.7 lc rgb "#000000" title "galerkin_cvi4 (order 4, +Hessians)" noenhanced
    }
}
unset multiplot
