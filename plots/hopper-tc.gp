# hopper-tc.gp - each tensor-core method on mma.sync (bars) beside its :wgmma variant (bars), with
# each one's model roof on the run's ceilings (points), for every problem of make hopper-tc; the
# rate axis is logarithmic. No paper item (the title says so): no paper values. Reads data=plots/out/hopper-tc.csv by column name and the title from
# plots/out/hopper-tc.vars; writes out.png and out.svg. Make target: hopper-tc.
set datafile separator ','
set datafile columnheaders
stats data using 0 nooutput
rows = STATS_records
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1500,650 font ",10" noenhanced } \
  else { set terminal svg size 1500,650 font ",10" noenhanced }
  set output out.".".fmt
  set title title."\nno paper item (the harness's own comparison): mma.sync vs wgmma per method and problem (bars: measured; points: each one's model roof)"
  set style fill solid 0.8 border -1
  set logscale y
  set xrange [-0.7:rows - 0.3]
  set yrange [10:20000]
  set ylabel "GStencil/s"
  set grid ytics
  set xtics rotate by -60 font ",8"
  set key outside top center horizontal
  set bmargin 11
  plot data using ($0 - 0.2):(column("mma_gstencil_per_s")):(0.38) with boxes lc rgb "#1b9e77" title "mma.sync", \
       '' using ($0 + 0.2):(column("wgmma_gstencil_per_s")):(0.38) with boxes lc rgb "#d95f02" title "wgmma", \
       '' using ($0 - 0.2):(column("model_mma_gstencil_per_s")) with points pt 6 ps 1.2 lc rgb "#1b9e77" title "roof, mma.sync ceilings", \
       '' using ($0 + 0.2):(column("model_wgmma_gstencil_per_s")):xtic(strcol("problem")." ".strcol("method")) with points pt 7 ps 1.2 lc rgb "#d95f02" title "roof, wgmma ceilings"
}
