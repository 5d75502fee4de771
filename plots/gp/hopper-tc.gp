# hopper-tc.gp - each tensor-core method on mma.sync (bars) beside its :wgmma variant (bars), with
# each one's model roof on the run's ceilings (points), for every problem of make hopper-tc; the
# rate axis is logarithmic, fitted to the bars and points with room above them for the key, which
# sits inside the frame under the title and names only what is drawn (without a measured run: the
# mma.sync roofs on the datasheet, no wgmma ceilings). No paper item (the title says so): no paper
# values. Reads data=plots/out/hopper-tc.csv by column name and the title from
# plots/out/hopper-tc.vars; writes out.png and out.svg. Make target: hopper-tc.
# A replicated run (REPLICAS=N): a bar through each measured bar's top from the lowest to the
# highest replica's rate (mma_low .. wgmma_high).
set datafile separator ','
set datafile columnheaders
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
hi(m, v) = (v > m ? v : m)
lo(m, v) = (v < m ? v : m)
series = "mma_gstencil_per_s wgmma_gstencil_per_s model_mma_gstencil_per_s model_wgmma_gstencil_per_s"
array N[4]
rows = 0; ymin = 1e300; ymax = 0
do for [k=1:4] {
  N[k] = 0
  stats data using (rows = rows + (k == 1), num(word(series, k)) > 0 ? (N[k] = N[k] + 1, \
    ymin = lo(ymin, column(word(series, k))), ymax = hi(ymax, column(word(series, k)))) : 0) nooutput
}
if (ymax <= 0) { ymin = 1; ymax = 10 }
nmeas = N[1] + N[2]
# a replicated run (REPLICAS=N): a bar through each measured bar's top from the lowest to the
# highest replica's rate
replicas = 0
stats data using (num("mma_low") > 0 ? (replicas = replicas + 1, 0) : 0) nooutput
W = 1500; H = 700
sub1 = "no paper item (the harness's own comparison): mma.sync vs wgmma per method and problem (".(nmeas > 0 ? "bars: measured; points: each one's model roof)" : "no measured run: the model roofs alone)")
load 'plots/gp/common.gp'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  # under the title's lines, the plot's text (its x label) above the footer
  set tmargin at screen below(nsub)
  set origin 0, floor
  set size 1, 1 - floor
  unset title
  eval frame_on
  set style fill solid 0.8 border -1
  set logscale y
  set xrange [-0.7:rows - 0.3]
  # room above the highest bar or point for the key (a fifth of the height)
  set yrange [ymin / 1.6:ymax * (ymax / ymin * 2.56) ** 0.25 * 1.6]
  set format y "%g"
  set ylabel "GStencil/s (log scale)"
  set grid ytics
  set xtics rotate by -60 font ",8"
  set key inside top center horizontal opaque box width 1
  plot data using ($0 - 0.2):(column("mma_gstencil_per_s")):(0.38) with boxes lc rgb "#1b9e77" title (N[1] > 0 ? "mma.sync" : ""), \
       '' using ($0 + 0.2):(column("wgmma_gstencil_per_s")):(0.38) with boxes lc rgb "#d95f02" title (N[2] > 0 ? "wgmma" : ""), \
       '' using ($0 - 0.2):(num("mma_low") > 0 ? column("mma_gstencil_per_s") : NaN):(num("mma_low")):(num("mma_high")) with yerrorbars pt 7 ps 0 lw 1.5 lc rgb "black" title (replicas > 0 ? "replicas' rates (bar ends)" : ""), \
       '' using ($0 + 0.2):(num("wgmma_low") > 0 ? column("wgmma_gstencil_per_s") : NaN):(num("wgmma_low")):(num("wgmma_high")) with yerrorbars pt 7 ps 0 lw 1.5 lc rgb "black" notitle, \
       '' using ($0 - 0.2):(column("model_mma_gstencil_per_s")) with points pt 6 ps 1.2 lc rgb "#1b9e77" title (N[3] > 0 ? "roof, mma.sync ceilings" : ""), \
       '' using ($0 + 0.2):(column("model_wgmma_gstencil_per_s")) with points pt 7 ps 1.2 lc rgb "#d95f02" title (N[4] > 0 ? "roof, wgmma ceilings" : ""), \
       '' using ($0):(NaN):xtic(strcol("problem")." ".strcol("method")) notitle
}
