# SPDX-License-Identifier: BSL-1.0
# Figure for example/damped_double_pendulum.cpp: run the program (it writes
# damped_double_pendulum_{reference,cvi2,galerkin_cvi4}.csv and *_path.csv), then
#   gnuplot -e "outdir='<dir>'" damped_double_pendulum.gp
if (!exists("outdir")) outdir = "."
set terminal pngcairo size 1200,520 font ",11"
set output outdir."/damped_double_pendulum.png"
set datafile separator ","
set key autotitle columnhead
g = 9.81
set multiplot layout 1,2 title "damped double pendulum, L = v.M(q)v/2 + 2g cos {/Symbol q}_1 + g cos {/Symbol q}_2 - 0.15 z (non-separable H)"

set title "lower bob, t in [0, 30]"
set xlabel "x_2"
set ylabel "y_2"
set size ratio -1
# The paths (*_path.csv): the reference every 0.005, the variational methods' steps joined by
# cubic Hermite pieces through q and v at both ends (example/damped_double_pendulum.cpp).
plot "damped_double_pendulum_reference_path.csv" using 2:3 with lines lw 3 lc rgb "#bbbbbb" title "dopri5, tol 1e-12", \
     "damped_double_pendulum_cvi2_path.csv" using 2:3 with lines lw 1 lc rgb "#1f77b4" title "cvi2, {/Symbol t} = 0.05", \
     "damped_double_pendulum_galerkin_cvi4_path.csv" using 2:3 with lines lw 1 dt 2 lc rgb "#d62728" title "galerkin\\_cvi4, {/Symbol t} = 0.1"

set size noratio
set title "energy above the rest state"
set xlabel "t"
set ylabel "E + 3g"
set logscale y
plot "damped_double_pendulum_reference.csv" using 1:($6 + 3*g) with lines lw 3 lc rgb "#bbbbbb" title "dopri5, tol 1e-12", \
     "damped_double_pendulum_cvi2.csv" using 1:($6 + 3*g) with lines lw 1 lc rgb "#1f77b4" title "cvi2, {/Symbol t} = 0.05", \
     "damped_double_pendulum_galerkin_cvi4.csv" using 1:($6 + 3*g) with lines lw 1 dt 2 lc rgb "#d62728" title "galerkin\\_cvi4, {/Symbol t} = 0.1"
unset multiplot
