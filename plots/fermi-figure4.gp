# fermi-figure4.gp - fermi Figure 4 on this GPU: the time of the Figure 5b launch (a load, FLOPs
# that do not need it, a store) against the FLOPs a load, as the paper plots it (up to 400 FLOPs),
# with this GPU's knees (flat until, rises from) and balance, and the paper's knees on its two GPUs
# as black-edged stars on a short line at their FLOPs a load (the caption's about 25 and 50 FLOPs
# and section 2's 50 FMADDs on the Tesla, which disagree: both drawn); beside it the memory
# bandwidth the same launches reach, for which the paper prints no value. Reads
# data=plots/out/fermi-figure4.csv by column name, its title and knees from
# plots/out/fermi-figure4.vars, and data/paper/fermi-figure4.csv by column name; writes out.png
# and out.svg. Make target: fermi-figure4.
set datafile separator ','
set datafile columnheaders
paper = 'data/paper/fermi-figure4.csv'
pgpus = "GeForce_GTX_480 Tesla_C2050"
pcolors = "#7570b3 #e7298a"
pgpu(i) = (strcol("gpu") eq system("echo ".word(pgpus, i)." | tr '_' ' '"))
# the papers' values: a star of the paper GPU's colour edged in black
star = "★"; edge = "☆"; sfont = ",16"
stats data using (column("flop_per_load") <= 400 ? column("time_ms") : NaN) nooutput
ytop = (STATS_records > 0 ? STATS_max * 1.8 : 1)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1500,560 font ",10" noenhanced } \
  else { set terminal svg size 1500,560 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 1,2 title title."\nfermi Figure 5b: each thread loads a double, runs 4 FMA chains LENGTH times (8 LENGTH FLOPs), stores the sum"
  set xlabel "FLOPs per load"
  set grid xtics ytics
  set key top right opaque box
  set title sprintf("time against FLOPs per load: flat until %.0f, rises from %.0f FLOPs here; stars: the paper's", knee_flat, knee_cross)
  set ylabel "time of one launch over 1 GiB (ms)"
  set yrange [0:ytop]
  set xrange [0:400]
  set arrow 1 from knee_flat, graph 0 to knee_flat, graph 1 nohead dt 3 lw 2 lc rgb "#1b9e77" front
  set arrow 2 from knee_cross, graph 0 to knee_cross, graph 1 nohead dt 2 lw 2 lc rgb "#d95f02" front
  set arrow 3 from balance, graph 0 to balance, graph 1 nohead dt 4 lw 1 lc rgb "gray40" front
  plot data using (column("flop_per_load")):(column("time_ms")) with linespoints pt 7 ps 0.8 lw 2 lc rgb "black" title "this GPU (best of the samples)", \
       data using (column("flop_per_load")):(column("time_median_ms")) with lines dt 2 lc rgb "gray50" title "median", \
       keyentry with lines dt 3 lw 2 lc rgb "#1b9e77" title "flat until (10 % over the time without FLOPs)", \
       keyentry with lines dt 2 lw 2 lc rgb "#d95f02" title "rises from (line through the rising part)", \
       keyentry with lines dt 4 lw 1 lc rgb "gray40" title "balance: DP FLOPs a 16-byte copy takes", \
       for [i=1:2] paper using (pgpu(i) ? column("flops") : NaN):(ytop * 0.93):(0):(-ytop * 0.35) with vectors nohead lw 3 lc rgb word(pcolors, i) notitle, \
       for [i=1:2] paper using (pgpu(i) ? column("flops") : NaN):(ytop * 0.93):(star) with labels font sfont textcolor rgb word(pcolors, i) notitle, \
       for [i=1:2] paper using (pgpu(i) ? column("flops") : NaN):(ytop * 0.93):(edge) with labels font sfont textcolor rgb "black" notitle, \
       for [i=1:2] paper using (pgpu(i) ? column("flops") + 4 : NaN):(ytop * 0.88):(sprintf("%s %s", strcol("value"), strcol("unit"))) \
         with labels rotate by 90 right font ",8" textcolor rgb word(pcolors, i) notitle, \
       for [i=1:2] keyentry with points pt star ps 1.5 lc rgb word(pcolors, i) title "paper knee, ".system("echo ".word(pgpus, i)." | tr '_' ' '")
  unset arrow; unset label
  set xrange [0:*]
  set yrange [*:*]
  set title "memory bandwidth of the same launches (bytes read + written; paper values: not printed)"
  set ylabel "GB/s"
  set key bottom left opaque box
  plot data using (column("flop_per_load")):(column("bandwidth_gbps")) with linespoints pt 7 ps 0.8 lw 2 lc rgb "#386cb0" title "this GPU"
  unset multiplot
}
