# nongemm-figure2.gp - nongemm Figure 2 on this GPU: the roofline of every unit and precision from
# the run's ceilings (solid), the A100-80GB's and GH200's fp64 CUDA-core and tensor-core rooflines
# from their datasheets (dashed, as the paper draws them), the counter-measured kernels of tcs
# Tables 2 and 3 at their measured intensity and attained FLOP/s (points: circles on CUDA cores,
# triangles on tensor cores), each group of overlapping points numbered and the numbers named in a
# list beside the plot (the renderer's marks), and the A100 roofline the paper prints (its Table 1:
# fp64 peaks and memory bandwidth) as black-edged stars at its knees (the paper prints no GH200
# values). The key names only what is drawn (without a measured run: no kernels, the datasheet's
# roofs). Reads data=plots/out/nongemm-figure2.csv by column name, the title, this GPU's name and
# the kernels' marks (nmarks; markK, markK_x, markK_y) from plots/out/nongemm-figure2.vars and
# data/paper/nongemm-table1.csv by column name; writes out.png and out.svg. Make target:
# nongemm-figure2.
set datafile separator ','
set datafile columnheaders
names = "CUDA_cores_fp64 tensor_cores_fp64 CUDA_cores_fp32 tensor_cores_tf32 CUDA_cores_fp16x2 tensor_cores_fp16 sparse_tensor_cores_fp16"
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d"
# the names with spaces, worked out once (a system() call a data point took half a minute)
do for [i=1:words(names)] { eval(sprintf("nm_%d = '%s'", i, system("echo ".word(names, i)." | tr '_' ' '"))) }
nm(i) = value(sprintf("nm_%d", i))
roof(g, i) = (strcol("kind") eq "roof" && strcol("gpu") eq g && strcol("name") eq nm(i))
t1 = 'data/paper/nongemm-table1.csv'
# the papers' values: a star of the roof's colour edged in black
star = "★"; edge = "☆"; sfont = ",16"
stats t1 using (strcol("quantity") eq "dram_bandwidth" ? column("value") : NaN) nooutput
B = STATS_max
pkeys = "fp64_fma tc_fp64"   # Table 1's peaks, in the order of names
peak(i) = (strcol("quantity") eq word(pkeys, i))
kern(tc) = (strcol("kind") eq "kernel" && (strstrt(strcol("ceiling"), "tc_") == 1 || strstrt(strcol("ceiling"), "sptc_") == 1) == tc)
# the kernels drawn, on each kind of unit (their key entries)
ncc = 0; ntc = 0; kx = 0
stats data using (strcol("kind") eq "kernel" ? (kern(0) ? (ncc = ncc + 1) : (ntc = ntc + 1), \
  kx = (column("intensity") > kx ? column("intensity") : kx)) : 0) nooutput
# the intensity axis: 2^-6 to 2^10 FLOP/byte (the roofs' samples), further by factors of 4 to hold
# every kernel, the roofs carried on flat from their last sample
xhi = 1024
while (xhi < kx * 1.5) { xhi = xhi * 4 }
last(x) = (column("intensity") >= 1024 * 0.999)
if (!exists("nmarks")) { nmarks = 0 }
mark(k, c) = value(sprintf("mark%d%s", k, c))
# the marks' list beside the plot: a line a method, the mark's number before its first
nlist = 0
do for [k=1:nmarks] {
  rest = mark(k, "")
  do for [j=1:20] {
    cut = strstrt(rest, "; ")
    if (strlen(rest) > 0) {
      nlist = nlist + 1
      eval(sprintf("list%d = rest[1:%d]", nlist, cut > 0 ? cut - 1 : strlen(rest)))
      rest = (cut > 0 ? "    ".rest[cut + 2:] : "")
    }
  }
}
W = 1500; H = 800
sub1 = "solid: ".this_gpu."; dashed: A100-PCIe-80GB, dotted: GH200 (fp64 datasheet rooflines)".(ncc + ntc > 0 ? "; points: measured kernels" : "; no measured run: no kernels")
sub2 = "stars: the paper's A100-80GB roof knees (its Table 1: peak / bandwidth, peak); GH200: paper values not printed"
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
  set logscale xy 2
  set xrange [1.0/64:xhi * 1.001]
  set yrange [0.25:4096]
  set xlabel "arithmetic intensity (FLOP per DRAM byte, log scale)"
  set ylabel "TFLOP/s (log scale)"
  set format x "%g"; set format y "%g"
  set xtics ("1/64" 1.0/64, "1/16" 1.0/16, "1/4" 0.25, 1, 4, 16, 64, 256, 1024)
  do for [e=6:int(log(xhi) / log(4) + 0.5)] { set xtics add (4**e) }
  set grid xtics ytics
  set key inside left top vertical Left reverse opaque box font ",9"
  set lmargin at screen 0.05
  set rmargin at screen (nmarks > 0 ? 0.65 : 0.97)
  unset label
  eval frame_on
  do for [k=1:nmarks] {
    set label 100 + k sprintf("%d", k) at mark(k, "_x"), mark(k, "_y") offset 0.6,0.7 left font ",9" front
  }
  if (nmarks > 0) { set label 99 "the kernels, by their numbers (tcs Tables 2 and 3):" at screen 0.665, screen 0.87 left font ",9" }
  do for [l=1:nlist] {
    set label 500 + l value(sprintf("list%d", l)) at screen 0.665, screen 0.87 - 0.024 * l left font ",9"
  }
  plot for [i=1:7] data using (roof(this_gpu, i) ? column("intensity") : NaN):(column("tflops")) \
         with lines lw 2 lc rgb word(colors, i) title nm(i), \
       for [i=1:2] data using (roof("A100-PCIe-80GB (datasheet)", i) ? column("intensity") : NaN):(column("tflops")) \
         with lines lw 1.5 dt 2 lc rgb word(colors, i) title "A100-PCIe-80GB ".nm(i), \
       for [i=1:2] data using (roof("GH200 (datasheet)", i) ? column("intensity") : NaN):(column("tflops")) \
         with lines lw 1.5 dt 3 lc rgb word(colors, i) title "GH200 ".nm(i), \
       for [i=1:7] data using (roof(this_gpu, i) && last(0) ? column("intensity") : NaN):(column("tflops")):(xhi - column("intensity")):(0) \
         with vectors nohead lw 2 lc rgb word(colors, i) notitle, \
       for [i=1:2] data using (roof("A100-PCIe-80GB (datasheet)", i) && last(0) ? column("intensity") : NaN):(column("tflops")):(xhi - column("intensity")):(0) \
         with vectors nohead lw 1.5 dt 2 lc rgb word(colors, i) notitle, \
       for [i=1:2] data using (roof("GH200 (datasheet)", i) && last(0) ? column("intensity") : NaN):(column("tflops")):(xhi - column("intensity")):(0) \
         with vectors nohead lw 1.5 dt 3 lc rgb word(colors, i) notitle, \
       data using (kern(0) ? column("intensity") : NaN):(column("tflops")) with points pt 7 ps 1.2 lc rgb "black" title (ncc > 0 ? "kernels on CUDA cores (numbered: beside)" : ""), \
       data using (kern(1) ? column("intensity") : NaN):(column("tflops")) with points pt 9 ps 1.4 lc rgb "#386cb0" title (ntc > 0 ? "kernels on tensor cores (numbered: beside)" : ""), \
       for [i=1:2] t1 using (peak(i) ? column("value") / B : NaN):(column("value")):(star) with labels font sfont textcolor rgb word(colors, i) notitle, \
       for [i=1:2] t1 using (peak(i) ? column("value") / B : NaN):(column("value")):(edge) with labels font sfont textcolor rgb "black" notitle, \
       for [i=1:2] keyentry with points pt star ps 1.5 lc rgb word(colors, i) title "paper, A100-80GB ".nm(i)." (nongemm Table 1)"
}
