# power-roofline.gp - the harness's own power roofline (no paper item). Left: each verified row of
# tcs Table 3, sptc Figure 9 and tcs Figure 16 at the model's energy a point-step (its F and Q at the
# run's ceilings' energies) against its measured GStencil/s, under the line the board's cap allows,
# (cap - constant power) / energy; filled: the row's kept samples carry power_cap, open: they do not;
# one colour a list. Right: the measured energy a point-step net of the constant power (the energy
# counter's) against the model's, the diagonal where the model's energies account for all of it.
# Without energies in the run's ceilings (placed = 0) the panels say so and draw nothing. Reads
# data=plots/out/power-roofline.csv by column name, and title, cap_w, pi0_w, placed and lists from
# plots/out/power-roofline.vars, which make loads; writes out.png and out.svg. Make target:
# power-roofline.
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #7570b3 #e7298a"
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
ok(v) = (v == v)
lo(m, v) = (v < m ? v : m)
hi(m, v) = (v > m ? v : m)
nl = words(lists)
is(i) = (strcol("list") eq word(lists, i))
array N[nl]   # each list's placed rows: its key entry
do for [i=1:nl] {
  N[i] = 0
  if (placed > 0) {
    stats data using (is(i) && ok(num("e_model_nj")) ? (N[i] = N[i] + 1, 0) : 0) nooutput
  }
}
xmin = 1e300; xmax = 0; ymin = 1e300; ymax = 0; emin = 1e300; emax = 0
if (placed > 0) {
  stats data using (ok(num("e_model_nj")) ? (xmin = lo(xmin, num("e_model_nj")), xmax = hi(xmax, num("e_model_nj")), \
    ymin = lo(ymin, num("gstencil_per_s")), ymax = hi(ymax, num("gstencil_per_s")), \
    emin = lo(lo(emin, num("e_measured_net_nj")), num("e_model_nj")), emax = hi(hi(emax, num("e_measured_net_nj")), num("e_model_nj")), 0) : 0) nooutput
} else {
  xmin = 0.1; xmax = 10; ymin = 10; ymax = 1000; emin = 0.1; emax = 10
}
roof(e) = (cap_w - pi0_w) / e   # GStencil/s: W over nJ a point-step
ymax = hi(ymax, roof(xmin))
W = 1400; H = 700
load 'plots/gp/common.gp'
# the panels start under the title's lines
top = panel_top(nsub)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  set multiplot
  eval frame_on
  set logscale xy
  set format x "%g"; set format y "%g"
  set xtics (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100)
  set grid xtics ytics mxtics mytics lc rgb "gray90"
  set key off
  set samples 200
  # left: the rates under the cap's line
  set lmargin at screen 0.07
  set rmargin at screen 0.48
  set tmargin at screen top
  set bmargin at screen 0.22
  set title (placed > 0 ? sprintf("rates under the cap: (%.0f W - %.1f W constant) / energy", cap_w, pi0_w) : \
    "no power roof: the run's ceilings lack the energy counter")
  set xlabel "model energy, nJ a point-step (log scale)"
  set ylabel "GStencil/s measured (log scale)"
  set xrange [xmin / 1.5:xmax * 1.5]
  set yrange [ymin / 1.5:ymax * 1.5]
  if (placed > 0) {
    plot roof(x) with lines lw 2 lc rgb "black" notitle, \
         for [i=1:nl] data using (is(i) && num("power_capped") == 1 ? num("e_model_nj") : NaN):(num("gstencil_per_s")) \
           with points pt 7 ps 1.1 lc rgb word(colors,i) notitle, \
         for [i=1:nl] data using (is(i) && num("power_capped") == 0 ? num("e_model_nj") : NaN):(num("gstencil_per_s")) \
           with points pt 6 ps 1.1 lw 1.5 lc rgb word(colors,i) notitle
  } else {
    plot NaN notitle
  }
  eval frame_off
  # right: measured net energy against the model's
  set lmargin at screen 0.56
  set rmargin at screen 0.97
  set title "energy a point-step: measured net of the constant power vs the model's"
  set xlabel "model energy, nJ a point-step (log scale)"
  set ylabel "measured energy net of constant power, nJ (log scale)"
  set xrange [emin / 1.5:emax * 1.5]
  set yrange [emin / 1.5:emax * 1.5]
  if (placed > 0) {
    plot x with lines lw 1.5 dt 2 lc rgb "black" notitle, \
         for [i=1:nl] data using (is(i) && num("power_capped") == 1 ? num("e_model_nj") : NaN):(num("e_measured_net_nj")) \
           with points pt 7 ps 1.1 lc rgb word(colors,i) notitle, \
         for [i=1:nl] data using (is(i) && num("power_capped") == 0 ? num("e_model_nj") : NaN):(num("e_measured_net_nj")) \
           with points pt 6 ps 1.1 lw 1.5 lc rgb word(colors,i) notitle
  } else {
    plot NaN notitle
  }
  # one key under both panels
  set lmargin at screen 0.05
  set rmargin at screen 0.97
  set tmargin at screen 0.12
  set bmargin at screen floor
  unset border; unset tics; unset title; unset xlabel; unset ylabel; unset grid; unset logscale xy
  set xrange [0:1]; set yrange [0:1]
  set key inside center top horizontal Left reverse maxrows 2 font ",9" samplen 2 width 2
  plot 2 notitle, \
       for [i=1:nl] keyentry with points pt 7 ps 1.1 lc rgb word(colors,i) title (N[i] > 0 ? word(lists,i) : ""), \
       keyentry with points pt 7 ps 1.1 lc rgb "gray40" title (placed > 0 ? "filled: power-capped samples" : ""), \
       keyentry with points pt 6 ps 1.1 lw 1.5 lc rgb "gray40" title (placed > 0 ? "open: not power-capped" : ""), \
       keyentry with lines lw 2 lc rgb "black" title (placed > 0 ? "power roof (left); dashed: equal energies (right)" : "")
  unset multiplot
}
