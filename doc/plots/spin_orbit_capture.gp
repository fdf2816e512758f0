# SPDX-License-Identifier: BSL-1.0
# Figure for example/spin_orbit_capture.cpp: run the program (it writes spin_orbit_capture.csv), then
#   gnuplot -e "outdir='<dir>'" spin_orbit_capture.gp
# Left: the spin rate theta' at t = 2 pi k against t, chi2 (dt = pi/10) beside rkf78 at 1e-13.
# Right: the stroboscopic section (theta mod 2 pi, theta') of chi2 before and after capture
# (orbit 504, printed by the program), with the separatrix 1 +- 0.16 cos(theta) of the notebook.
if (!exists("outdir")) outdir = "."
set terminal pngcairo size 1400,600 font ",12"
set output outdir."/spin_orbit_capture.png"
set datafile separator ","
set multiplot layout 1,2
capture = 504

set title "capture into the 1:1 resonance (model (a), lambda = 1e-4), sampled at t = 2 pi k"
set xlabel "t"
set ylabel "dtheta/dt"
set grid lc rgb "#dddddd"
set key top right box opaque
sel(m, c) = (strcol(1) eq m) ? column(c) : NaN
plot "spin_orbit_capture.csv" every ::1 using (sel("rkf78_1e-13", 3)):(sel("rkf78_1e-13", 5)) with lines lw 3 lc rgb "#999999" title "rkf78, tol 1e-13", \
     "" every ::1 using (sel("chi2", 3)):(sel("chi2", 5)) with lines lw 1 lc rgb "#1f77b4" title "chi2, dt = pi/10"

set title "stroboscopic section of chi2 (t = 2 pi k)"
set xlabel "theta mod 2 pi"
set ylabel "dtheta/dt"
set xrange [0:2*pi]
set yrange [0.7:1.7]
set key top right box opaque
wrap(x) = x - 2*pi*floor(x/(2*pi))
before(c) = (strcol(1) eq "chi2" && column(2) < capture) ? column(c) : NaN
after(c) = (strcol(1) eq "chi2" && column(2) >= capture) ? column(c) : NaN
plot "spin_orbit_capture.csv" every ::1 using (wrap(before(4))):(before(5)) with points pt 7 ps 0.3 lc rgb "#1f77b4" title "before capture", \
     "" every ::1 using (wrap(after(4))):(after(5)) with points pt 7 ps 0.3 lc rgb "#ff7f0e" title "after capture", \
     1 + 0.16*cos(x) with lines lc rgb "#000000" title "1 +- 0.16 cos(theta)", \
     1 - 0.16*cos(x) with lines lc rgb "#000000" notitle
unset multiplot
