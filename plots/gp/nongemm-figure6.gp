# nongemm-figure6.gp - nongemm Figure 6 on this GPU: SCALE (a_i = q b_i, fp64) on CUDA cores and on
# tensor cores (A = B (q I): m8n8k4 as the paper, and the sm_90 shapes), left the GB/s against the
# data size (b and a), right the CUDA-core kernel's speed over each tensor-core one (the paper's
# plotted ratio), with half the L2 (the paper's split) and the L2 marked, and the paper's section
# 5.1.2 estimate of that ratio (no overlap of compute and memory, m8n8k4 at 1/8 use) for the A100
# and the GH200 as black-edged stars near the right end of the sizes (the paper prints no measured
# value of either panel). The sizes axis spans every configured size, padded; the keys name only
# the kernels with points (without a measured run: the stars alone, the title says so). Reads
# data=plots/out/nongemm-figure6.csv by column name, the title and half_l2 from
# plots/out/nongemm-figure6.vars and data/paper/nongemm-figure6.csv by column name; writes out.png
# and out.svg. Make target: nongemm-figure6.
set datafile separator ','
set datafile columnheaders
# the methods drawn: those the data names, in the order it first names them (its configuration
# list's; the method table is the one list of methods)
methods = ""
stats data using (strstrt(" ".methods." ", " ".strcol("method")." ") ? 0 : \
  (methods = methods.(methods eq "" ? "" : " ").strcol("method"), 0)) nooutput
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #a6761d"
sel(m) = (strcol("method") eq m && strcol("status") eq "verified")
paper = 'data/paper/nongemm-figure6.csv'
estimates = "estimate_speedup estimate_speedup_gh200"
egpus = "A100 GH200"
est(i) = (strcol("quantity") eq word(estimates, i))
# the papers' values: a star of the m8n8k4 kernel's colour edged in black, at the largest size
star = "★"; edge = "☆"; sfont = ",16"
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
hi(m, v) = (v > m ? v : m)
lo(m, v) = (v < m ? v : m)
# the sizes (MiB, every configured row's); each kernel's points in each panel (its key entry)
xmin = 1e300; xmax = 0
stats data using (num("bytes") > 0 ? (xmin = lo(xmin, column("bytes") / 1048576.0), xmax = hi(xmax, column("bytes") / 1048576.0)) : 0) nooutput
if (xmax <= 0) { xmin = 1; xmax = 2 }
xstar = xmax / 1.5
array NG[words(methods)]
array NR[words(methods)]
do for [i=1:words(methods)] {
  NG[i] = 0; NR[i] = 0
  stats data using (sel(word(methods,i)) ? (NG[i] = NG[i] + (num("gbps") > 0), NR[i] = NR[i] + (num("cc_over_this") > 0)) : 0) nooutput
}
nmeas = sum [i=1:words(methods)] NG[i]
W = 1500; H = 600
sub1 = "hot launches (the L2 kept)".(half_l2 > 0 ? "; dotted: half the L2 (the paper's split), dashed: the L2" : "").(nmeas > 0 ? "" : "; no measured run: no points")
load 'plots/gp/common.gp'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  # two panels under the title's lines and their own titles, their x labels above the footer
  set multiplot layout 1,2 margins 0.06, 0.98, floor + 64.0 / H, panel_top(nsub) spacing 0.08
  eval frame_on
  set xrange [xmin / 1.3:xmax * 1.3]
  set logscale x 2
  set xlabel "data: b and a, 16 bytes an element (MiB, log scale)"
  set grid xtics ytics
  set key bottom right opaque box width 3
  if (half_l2 > 0) {
    set arrow 1 from half_l2 / 1048576.0, graph 0 to half_l2 / 1048576.0, graph 1 nohead dt 3 lw 2 lc rgb "gray30"
    set arrow 2 from half_l2 / 524288.0, graph 0 to half_l2 / 524288.0, graph 1 nohead dt 2 lw 1 lc rgb "gray30"
  }
  set title "memory throughput (paper values: not printed)"
  set ylabel "GB/s (bytes read + written)"
  set logscale y 2
  if (nmeas == 0) { set yrange [1:2]; unset key } else { set yrange [*:*] }
  plot for [i=1:words(methods)] data using (sel(word(methods,i)) ? column("bytes") / 1048576.0 : NaN):(column("gbps")) \
         with linespoints pt 7 ps 0.7 lw 2 lc rgb word(colors,i) title (NG[i] > 0 ? word(methods,i) : "")
  eval frame_off
  unset logscale y
  set key bottom right opaque box width 3
  set title "CUDA cores over tensor cores (above 1: CUDA cores faster); stars: the paper's estimate"
  set ylabel "scale-cc GB/s / tensor-core GB/s"
  set yrange [0.5:1.5]
  plot for [i=2:words(methods)] data using (sel(word(methods,i)) ? column("bytes") / 1048576.0 : NaN):(column("cc_over_this")) \
         with linespoints pt 7 ps 0.7 lw 2 lc rgb word(colors,i) title (NR[i] > 0 ? word(methods,i) : ""), \
       1 with lines lc rgb "black" notitle, \
       for [i=1:2] paper using (est(i) ? xstar : NaN):(column("value")):(star) with labels font sfont textcolor rgb word(colors, 2) notitle, \
       for [i=1:2] paper using (est(i) ? xstar : NaN):(column("value")):(edge) with labels font sfont textcolor rgb "black" notitle, \
       for [i=1:2] paper using (est(i) ? xstar : NaN):(column("value")):(sprintf("paper, %s: %.2f", word(egpus, i), column("value"))) \
         with labels right offset -1.5,0 font ",9" textcolor rgb word(colors, 2) notitle, \
       keyentry with points pt star ps 1.5 lc rgb word(colors, 2) title "paper estimate, scale-dmma (nongemm 5.1.2)"
  unset multiplot
}
