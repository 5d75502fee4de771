# nongemm-figure2.gp - nongemm Figure 2 on this GPU: the roofline of every unit and precision from
# the run's ceilings (solid), the A100-80GB's and GH200's fp64 CUDA-core and tensor-core rooflines
# from their datasheets (dashed, as the paper draws them), the counter-measured kernels of tcs
# Tables 2 and 3 at their measured intensity and attained FLOP/s (points: circles on CUDA cores,
# triangles on tensor cores), and the A100 roofline the paper prints (its Table 1: fp64 peaks and
# memory bandwidth) as black-edged stars at its knees (the paper prints no GH200 values). Reads
# data=plots/out/nongemm-figure2.csv by column name, the title and this GPU's name from
# plots/out/nongemm-figure2.vars and data/paper/nongemm-table1.csv by column name; writes out.png
# and out.svg. Make target: nongemm-figure2.
set datafile separator ','
set datafile columnheaders
names = "CUDA_cores_fp64 tensor_cores_fp64 CUDA_cores_fp32 tensor_cores_tf32 CUDA_cores_fp16x2 tensor_cores_fp16 sparse_tensor_cores_fp16"
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d"
nm(i) = system("echo ".word(names, i)." | tr '_' ' '")
roof(g, i) = (strcol("kind") eq "roof" && strcol("gpu") eq g && strcol("name") eq nm(i))
t1 = 'data/paper/nongemm-table1.csv'
# the papers' values: a star of the roof's colour edged in black
star = "★"; edge = "☆"; sfont = ",16"
stats t1 using (strcol("quantity") eq "dram_bandwidth" ? column("value") : NaN) nooutput
B = STATS_max
pkeys = "fp64_fma tc_fp64"   # Table 1's peaks, in the order of names
peak(i) = (strcol("quantity") eq word(pkeys, i))
kern(tc) = (strcol("kind") eq "kernel" && (strstrt(strcol("ceiling"), "tc_") == 1 || strstrt(strcol("ceiling"), "sptc_") == 1) == tc)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1100,800 font ",10" noenhanced } \
  else { set terminal svg size 1100,800 font ",10" noenhanced }
  set output out.".".fmt
  set title title."\nsolid: ".this_gpu."; dashed: A100-PCIe-80GB, dotted: GH200 (fp64 datasheet rooflines); points: measured kernels\nstars: the paper's A100-80GB roof knees (its Table 1: peak / bandwidth, peak); GH200: paper values not printed"
  set logscale xy 2
  set xrange [1.0/64:1024]
  set yrange [0.25:4096]
  set xlabel "arithmetic intensity (FLOP per DRAM byte, log scale)"
  set ylabel "TFLOP/s (log scale)"
  set format x "%g"; set format y "%g"
  set xtics ("1/64" 1.0/64, "1/16" 1.0/16, "1/4" 0.25, 1, 4, 16, 64, 256, 1024)
  set grid xtics ytics
  set key inside left top vertical Left reverse opaque box font ",9"
  plot for [i=1:7] data using (roof(this_gpu, i) ? column("intensity") : NaN):(column("tflops")) \
         with lines lw 2 lc rgb word(colors, i) title nm(i), \
       for [i=1:2] data using (roof("A100-PCIe-80GB (datasheet)", i) ? column("intensity") : NaN):(column("tflops")) \
         with lines lw 1.5 dt 2 lc rgb word(colors, i) title "A100-PCIe-80GB ".nm(i), \
       for [i=1:2] data using (roof("GH200 (datasheet)", i) ? column("intensity") : NaN):(column("tflops")) \
         with lines lw 1.5 dt 3 lc rgb word(colors, i) title "GH200 ".nm(i), \
       data using (kern(0) ? column("intensity") : NaN):(column("tflops")) with points pt 7 ps 1.2 lc rgb "black" title "kernels on CUDA cores", \
       data using (kern(1) ? column("intensity") : NaN):(column("tflops")) with points pt 9 ps 1.4 lc rgb "#386cb0" title "kernels on tensor cores", \
       for [i=1:2] t1 using (peak(i) ? column("value") / B : NaN):(column("value")):(star) with labels font sfont textcolor rgb word(colors, i) notitle, \
       for [i=1:2] t1 using (peak(i) ? column("value") / B : NaN):(column("value")):(edge) with labels font sfont textcolor rgb "black" notitle, \
       for [i=1:2] keyentry with points pt star ps 1.5 lc rgb word(colors, i) title "paper, A100-80GB ".nm(i)." (nongemm Table 1)"
}
