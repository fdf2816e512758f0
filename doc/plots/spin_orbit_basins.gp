# SPDX-License-Identifier: BSL-1.0
# Figure for example/spin_orbit_basins.cpp: run the program (it writes spin_orbit_basins.csv:
# theta0, theta_dot0, rate, label), then
#   gnuplot -e "outdir='<dir>'" spin_orbit_basins.gp
# The starting points of the grid coloured by the resonance they end in (chi2, 20 steps per
# orbit, the program's defaults: 64 x 64 cells, 500 orbits).
if (!exists("outdir")) outdir = "."
set terminal pngcairo size 800,700 font ",12"
set output outdir."/spin_orbit_basins.png"
set datafile separator ","
set title "basins of the spin-orbit resonances (model (b): gamma = 0.89^2/3, e = 0.1, K = 1e-2)"
set xlabel "theta(0)"
set ylabel "dtheta/dt(0)"
set xrange [-pi:pi]
set yrange [0:3]
set key outside right box opaque
set style fill solid noborder
# Half widths of a cell: the grid has n x n cells, n = sqrt(rows).
stats "spin_orbit_basins.csv" every ::1 using 1 nooutput
n = sqrt(STATS_records)
is(l, c) = (strcol(4) eq l) ? column(c) : NaN
plot "spin_orbit_basins.csv" every ::1 using (is("1:1", 1)):2:(pi/n):(1.5/n) with boxxy lc rgb "#1f77b4" title "1:1", \
     "" every ::1 using (is("3:2", 1)):2:(pi/n):(1.5/n) with boxxy lc rgb "#2ca02c" title "3:2", \
     "" every ::1 using (is("2:1", 1)):2:(pi/n):(1.5/n) with boxxy lc rgb "#d62728" title "2:1", \
     "" every ::1 using (is("1:2", 1)):2:(pi/n):(1.5/n) with boxxy lc rgb "#ff7f0e" title "1:2", \
     "" every ::1 using (is("5:2", 1)):2:(pi/n):(1.5/n) with boxxy lc rgb "#9467bd" title "5:2", \
     "" every ::1 using (is("none", 1)):2:(pi/n):(1.5/n) with boxxy lc rgb "#000000" title "none"
