# compare.gp - make compare's figures: for one target, its first compared value for every
# configuration, one series a GPU (filled points: measured; open circles: the model on that GPU's
# own ceilings, where the target lists one), and below, each GPU's ratio to the first run's
# (measured and model). Reads data=plots/out/compare/TARGET.csv (stencil-compare) by column name
# (V_k, V_k_over_1, config) and its title, runs' labels and provenance (run1, run2, ...: a title
# line each) and columns from TARGET.vars, which make loads; writes out.png and out.svg. Make
# target: compare.
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #666666"
lab(i) = value(sprintf("label%d", i))
v(name, i) = column(sprintf("%s_%d", name, i))
r(name, i) = column(sprintf("%s_%d_over_1", name, i))
stats data using (v(meas, 1)) nooutput
rows = STATS_records + STATS_invalid
logy = (STATS_min > 0)
tick(s) = (rows <= 48 ? s : "")
# the configurations' names, rotated under the ratios: a bottom margin that holds the longest
stats data using (strlen(strcol("config"))) name "L" nooutput
names_margin = int(L_max * 0.36) + 2
heading = title
do for [i=1:nruns] { heading = heading."\n".value(sprintf("run%d", i)) }
top = 1 - (nruns + 1) * 0.022   # below the heading's lines
# the model's series: NaN and untitled where the target has none (no column is looked up then)
vm(i) = (model eq "") ? NaN : v(model, i)
rm(i) = (model eq "") ? NaN : r(model, i)
mtitle(s) = (model eq "") ? "" : s
pts = "7 9 5 11 13 15 7 9"
opn = "6 8 4 10 12 14 6 8"
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1500,1000 font ",10" noenhanced } \
  else { set terminal svg size 1500,1000 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot title heading
  set key outside right top vertical
  set grid ytics
  set xrange [-1:rows]
  set lmargin at screen 0.07
  set rmargin at screen 0.74
  # top: the value, one series a GPU, no tick labels (they are under the ratios)
  set origin 0, 0.5
  set size 1, top - 0.5
  set tmargin 1
  set bmargin 1
  set xtics format "" scale 0.5
  unset xlabel
  set ylabel meas.(logy ? " (log scale)" : "")
  if (logy) { set logscale y } else { unset logscale y }
  plot for [i=1:nruns] data using 0:(v(meas, i)) \
         with points pt int(word(pts, i)) ps 1 lc rgb word(colors, i) title lab(i)." measured", \
       for [i=1:nruns] data using 0:(vm(i)) \
         with points pt int(word(opn, i)) ps 1.5 lc rgb word(colors, i) title mtitle(lab(i)." model")
  # bottom: each GPU over the first, measured and model; the configurations named below
  unset logscale y
  set origin 0, 0
  set size 1, 0.5
  set tmargin 1
  set bmargin (rows <= 48 ? names_margin : 3)
  set ylabel "ratio to ".lab(1)
  if (rows <= 48) { set xtics format "% g" rotate by 90 right font ",8"; unset xlabel } \
  else { set xtics format "" ; set xlabel sprintf("the %d configurations, in the order of the target's rows", rows) }
  plot 1 with lines lc rgb "gray" dt 2 notitle, \
       for [i=2:nruns] data using 0:(r(meas, i)):xtic(tick(strcol("config"))) \
         with points pt int(word(pts, i)) ps 1 lc rgb word(colors, i) title lab(i)." / ".lab(1)." measured", \
       for [i=2:nruns] data using 0:(rm(i)) \
         with points pt int(word(opn, i)) ps 1.5 lc rgb word(colors, i) title mtitle(lab(i)." / ".lab(1)." model")
  unset multiplot
}
