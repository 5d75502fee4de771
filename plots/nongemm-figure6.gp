# nongemm-figure6.gp - nongemm Figure 6 on this GPU: SCALE (a_i = q b_i, fp64) on CUDA cores and on
# tensor cores (A = B (q I): m8n8k4 as the paper, and the sm_90 shapes), left the GB/s against the
# data size (b and a), right the CUDA-core kernel's speed over each tensor-core one (the paper's
# plotted ratio), with half the L2 (the paper's split) and the L2 marked. Reads
# data=plots/out/nongemm-figure6.csv by column name and the title and half_l2 from
# plots/out/nongemm-figure6.vars; writes out.png and out.svg. Make target: nongemm-figure6.
set datafile separator ','
set datafile columnheaders
methods = "scale-cc scale-dmma scale-dmma:m16n8k4 scale-dmma:m16n8k8 scale-dmma:m16n8k16"
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #a6761d"
sel(m) = (strcol("method") eq m && strcol("status") eq "verified")
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1500,600 font ",10" noenhanced } \
  else { set terminal svg size 1500,600 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 1,2 title title."\nhot launches after the 1-second warm-up; dotted: half the L2 (the paper's split), dashed: the L2"
  set logscale x 2
  set xlabel "data: b and a, 16 bytes an element (MiB, log scale)"
  set grid xtics ytics
  set key bottom right opaque box
  if (half_l2 > 0) {
    set arrow 1 from half_l2 / 1048576.0, graph 0 to half_l2 / 1048576.0, graph 1 nohead dt 3 lw 2 lc rgb "gray30"
    set arrow 2 from half_l2 / 524288.0, graph 0 to half_l2 / 524288.0, graph 1 nohead dt 2 lw 1 lc rgb "gray30"
  }
  set title "memory throughput"
  set ylabel "GB/s (bytes read + written)"
  set logscale y 2
  plot for [i=1:words(methods)] data using (sel(word(methods,i)) ? column("bytes") / 1048576.0 : NaN):(column("gbps")) \
         with linespoints pt 7 ps 0.7 lw 2 lc rgb word(colors,i) title word(methods,i)
  unset logscale y
  set title "CUDA cores over tensor cores (above 1: the CUDA-core kernel is faster)"
  set ylabel "scale-cc GB/s / tensor-core GB/s"
  set yrange [0.5:1.5]
  plot for [i=2:words(methods)] data using (sel(word(methods,i)) ? column("bytes") / 1048576.0 : NaN):(column("cc_over_this")) \
         with linespoints pt 7 ps 0.7 lw 2 lc rgb word(colors,i) title word(methods,i), \
       1 with lines lc rgb "black" notitle
  unset multiplot
}
