# compare.gp - make compare's figures: for one target, its first compared value for every
# configuration, one series a GPU (filled points: measured; open circles: the model on that GPU's
# own ceilings, where the target lists one), and below, each GPU's ratio to the first run's
# (measured and model); both panels the full width, each panel's key in a row above it, the value
# axis named in words and units (meas_label). Reads data=plots/out/compare/TARGET.csv
# (stencil-compare) by column name (V_k, V_k_over_1, config) and its title, runs' labels and
# footer (the runs, one line) and columns from TARGET.vars, which make loads;
# writes out.png and out.svg. Make target: compare.
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #666666"
lab(i) = value(sprintf("label%d", i))
v(name, i) = column(sprintf("%s_%d", name, i))
r(name, i) = column(sprintf("%s_%d_over_1", name, i))
stats data using (v(meas, 1)) nooutput
rows = STATS_records + STATS_invalid
logy = (STATS_min > 0)
m1 = STATS_min
tick(s) = (rows <= 48 ? s : "")
# the configurations' names, rotated under the ratios: a bottom margin that holds the longest
stats data using (strlen(strcol("config"))) name "L" nooutput
# (screen height: about 6 pixels a character of the rotated 8-point names, of 1000)
names_h = (rows <= 48 ? L_max * 0.006 + 0.015 : 0.06)
vlabel = exists("meas_label") ? meas_label : meas
# the model's series: NaN and untitled where the target has none (no column is looked up then)
vm(i) = (model eq "") ? NaN : v(model, i)
rm(i) = (model eq "") ? NaN : r(model, i)
mtitle(s) = (model eq "") ? "" : s
# each panel's range over every series it draws, a missing value (NaN) counted as one it holds
# anyway (above: the first run's least; below: 1, its dashed line): where all are one value (runs
# alike: every ratio 1) the range has no width, which gnuplot would widen with a warning; it is
# widened here by 5 % of the value each side (pad), and otherwise left to gnuplot
pad(x) = (x == 0 ? 1 : abs(x) * 0.05)
vlo = m1; vhi = m1; rlo = 1; rhi = 1
do for [i=1:nruns] {
  stats data using (x = v(meas, i), x == x ? x : m1) name "P" nooutput
  vlo = (P_min < vlo ? P_min : vlo); vhi = (P_max > vhi ? P_max : vhi)
  stats data using (x = vm(i), x == x ? x : m1) name "P" nooutput
  vlo = (P_min < vlo ? P_min : vlo); vhi = (P_max > vhi ? P_max : vhi)
  if (i > 1) {
    stats data using (x = r(meas, i), x == x ? x : 1) name "P" nooutput
    rlo = (P_min < rlo ? P_min : rlo); rhi = (P_max > rhi ? P_max : rhi)
    stats data using (x = rm(i), x == x ? x : 1) name "P" nooutput
    rlo = (P_min < rlo ? P_min : rlo); rhi = (P_max > rhi ? P_max : rhi)
  }
}
pts = "7 9 5 11 13 15 7 9"
opn = "6 8 4 10 12 14 6 8"
W = 1500; H = 1000
load 'plots/gp/common.gp'
# the configurations' names above the footer
names_h = names_h + floor
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  # under the title (one line) the top panel's key, then the panel
  top = below(nsub)
  set multiplot
  eval frame_on
  set grid ytics
  set xrange [-1:rows]
  set lmargin at screen 0.07
  set rmargin at screen 0.98
  # top: the value, one series a GPU, no tick labels (they are under the ratios); its key in a row
  # above it
  set tmargin at screen top - 0.045
  set bmargin at screen names_h + 0.33
  set key at screen 0.5, screen top - 0.005 center top horizontal samplen 2 font ",9"
  set xtics format "" scale 0.5
  unset xlabel
  set ylabel vlabel.(logy ? " (log scale)" : "")
  if (logy) { set logscale y } else { unset logscale y }
  if (vhi > vlo) { set autoscale y } else { set yrange [vlo - pad(vlo):vhi + pad(vhi)] }
  plot for [i=1:nruns] data using 0:(v(meas, i)) \
         with points pt int(word(pts, i)) ps 1 lc rgb word(colors, i) title lab(i)." measured", \
       for [i=1:nruns] data using 0:(vm(i)) \
         with points pt int(word(opn, i)) ps 1.5 lc rgb word(colors, i) title mtitle(lab(i)." model")
  eval frame_off
  # bottom: each GPU over the first, measured and model, its key above it; the configurations
  # named below
  unset logscale y
  set tmargin at screen names_h + 0.26
  set bmargin at screen names_h
  set key at screen 0.5, screen names_h + 0.295 center top horizontal samplen 2 font ",9"
  set ylabel "ratio to ".lab(1)." (the value above)"
  if (rhi > rlo) { set autoscale y } else { set yrange [rlo - pad(rlo):rhi + pad(rhi)] }
  if (rows <= 48) { set xtics format "% g" rotate by 90 right font ",8"; unset xlabel } \
  else { set xtics format "" ; set xlabel sprintf("the %d configurations, in the order of the target's rows", rows) }
  plot 1 with lines lc rgb "gray" dt 2 notitle, \
       for [i=2:nruns] data using 0:(r(meas, i)):xtic(tick(strcol("config"))) \
         with points pt int(word(pts, i)) ps 1 lc rgb word(colors, i) title lab(i)." / ".lab(1)." measured", \
       for [i=2:nruns] data using 0:(rm(i)) \
         with points pt int(word(opn, i)) ps 1.5 lc rgb word(colors, i) title mtitle(lab(i)." / ".lab(1)." model")
  unset multiplot
}
