# fermi-figure4.gp - fermi Figure 4 on this GPU: the time of the Figure 5b launch (a load, FLOPs
# that do not need it, a store) against the FLOPs a load, as the paper plots it (up to 400 FLOPs), with this GPU's
# knees (flat until, rises from) and balance, and the paper's knees on its two GPUs; beside it the
# memory bandwidth the same launches reach. Reads data=plots/out/fermi-figure4.csv by column name
# and its title and knees from plots/out/fermi-figure4.vars; writes out.png and out.svg. Make
# target: fermi-figure4.
set datafile separator ','
set datafile columnheaders
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1500,560 font ",10" noenhanced } \
  else { set terminal svg size 1500,560 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 1,2 title title."\nfermi Figure 5b: each thread loads a double, runs 4 FMA chains LENGTH times (8 LENGTH FLOPs), stores the sum"
  set xlabel "FLOPs per load"
  set grid xtics ytics
  set key bottom right opaque box
  set title sprintf("time against FLOPs per load: flat until %.0f, rises from %.0f FLOPs here; paper: about 25 (GTX 480), 50 (C2050)", knee_flat, knee_cross)
  set ylabel "time of one launch over 1 GiB (ms)"
  set yrange [0:*]
  set xrange [0:400]
  set arrow 1 from knee_flat, graph 0 to knee_flat, graph 1 nohead dt 3 lw 2 lc rgb "#1b9e77" front
  set arrow 2 from knee_cross, graph 0 to knee_cross, graph 1 nohead dt 2 lw 2 lc rgb "#d95f02" front
  set arrow 3 from balance, graph 0 to balance, graph 1 nohead dt 4 lw 1 lc rgb "gray40" front
  set arrow 4 from 25, graph 0.6 to 25, graph 1 nohead lw 3 lc rgb "#7570b3" front
  set arrow 5 from 50, graph 0.6 to 50, graph 1 nohead lw 3 lc rgb "#e7298a" front
  set label 4 "paper: GTX 480, ~25" at 17, graph 0.98 rotate by 90 right textcolor rgb "#7570b3" front
  set label 5 "paper: C2050, ~50" at 57, graph 0.98 rotate by 90 right textcolor rgb "#e7298a" front
  plot data using (column("flop_per_load")):(column("time_ms")) with linespoints pt 7 ps 0.8 lw 2 lc rgb "black" title "this GPU (best of the samples)", \
       data using (column("flop_per_load")):(column("time_median_ms")) with lines dt 2 lc rgb "gray50" title "median", \
       keyentry with lines dt 3 lw 2 lc rgb "#1b9e77" title "flat until (10 % over the time without FLOPs)", \
       keyentry with lines dt 2 lw 2 lc rgb "#d95f02" title "rises from (line through the rising part)", \
       keyentry with lines dt 4 lw 1 lc rgb "gray40" title "balance: DP FLOPs a 16-byte copy takes"
  unset arrow; unset label
  set xrange [0:*]
  set title "memory bandwidth of the same launches (bytes read + written)"
  set ylabel "GB/s"
  set key bottom left opaque box
  plot data using (column("flop_per_load")):(column("bandwidth_gbps")) with linespoints pt 7 ps 0.8 lw 2 lc rgb "#386cb0" title "this GPU"
  unset multiplot
}
