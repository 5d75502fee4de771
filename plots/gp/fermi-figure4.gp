# fermi-figure4.gp - fermi Figure 4 on this GPU: the time of the Figure 5b launch (a load, FLOPs
# that do not need it, a store) against the FLOPs a load, as the paper plots it (its axis ends at
# 400 FLOPs, a dotted line here; the measured curve runs on to its last row),
# with this GPU's knees (flat until, rises from) and balance as short lines in the lower half, each
# with its value beside it, and the paper's knees on its two GPUs as black-edged stars on short
# lines in the upper part, at their FLOPs a load (the caption's about 25 and 50 FLOPs and section
# 2's 50 FMADDs on the Tesla, which disagree: both drawn), so that equal FLOPs stay apart; beside
# it the memory bandwidth the same launches reach, for which the paper prints no value. Without a
# measured run (measured_run = 0, no rows): the paper's knees and the datasheet balance alone, the
# key naming only those. Reads data=plots/out/fermi-figure4.csv by column name, its title, knees
# and measured_run from plots/out/fermi-figure4.vars, and data/paper/fermi-figure4.csv by column
# name; writes out.png and out.svg. Make target: fermi-figure4.
set datafile separator ','
set datafile columnheaders
paper = 'data/paper/fermi-figure4.csv'
pgpus = "GeForce_GTX_480 Tesla_C2050"
pcolors = "#7570b3 #e7298a"
pgpu(i) = (strcol("gpu") eq system("echo ".word(pgpus, i)." | tr '_' ' '"))
# the papers' values: a star of the paper GPU's colour edged in black
star = "★"; edge = "☆"; sfont = ",16"
hi(m, v) = (v > m ? v : m)
# the measured rows: their count, top time and FLOPs (no rows: a 0-1 ms axis, the paper's 0-400)
# (no run: no rows, none read)
nrows = 0; tmax = 0; fmax = 0
if (!exists("measured_run") || measured_run) {
  stats data using (nrows = nrows + 1, fmax = hi(fmax, column("flop_per_load")), \
    tmax = hi(tmax, column("time_ms")), 0) nooutput
}
ytop = (tmax > 0 ? tmax * 1.8 : 1)
run = (nrows > 0)
# the measured series (macros: none without rows, so that nothing is read from an empty file)
times = run ? 'data using (column("flop_per_load")):(column("time_ms")) with linespoints pt 7 ps 0.8 lw 2 lc rgb "black" title "this GPU (best of the samples)", data using (column("flop_per_load")):(column("time_median_ms")) with lines dt 2 lc rgb "gray50" title "median",' : ''
bandwidth = run ? 'data using (column("flop_per_load")):(column("bandwidth_gbps")) with linespoints pt 7 ps 0.8 lw 2 lc rgb "#386cb0" title "this GPU"' : 'NaN notitle'
# this GPU's marks: below half the height; the paper's: above it
mark_top = 0.5
W = 1500; H = 560
sub1 = "fermi Figure 5b: each thread loads a double, runs 4 FMA chains LENGTH times (8 LENGTH FLOPs), stores the sum"
load 'plots/gp/common.gp'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  # two panels under the title's lines and their own titles, their ticks and x labels above the
  # footer
  set multiplot layout 1,2 margins 0.06, 0.98, floor + 64.0 / H, panel_top(nsub) spacing 0.08
  eval frame_on
  set xlabel "FLOPs per load"
  set grid xtics ytics
  set key top right opaque box
  set title (run ? sprintf("time against FLOPs per load: flat until %.0f, rises from %.0f FLOPs here; stars: the paper's", knee_flat, knee_cross) \
                 : "time against FLOPs per load (no measured run); stars: the paper's knees")
  set ylabel "time of one launch over 1 GiB (ms)"
  set yrange [0:ytop]
  set xrange [0:(fmax > 400 ? fmax * 1.03 : 400)]   # the last row off the frame
  if (fmax > 400) {
    set arrow 9 from 400, graph 0 to 400, graph 1 nohead dt 3 lw 1 lc rgb "gray40" back
    set label 9 " end of the paper axis" at 400, graph 0.04 left textcolor rgb "gray40" front
  }
  if (run && knee_flat >= 0) {
    set arrow 1 from knee_flat, graph 0 to knee_flat, graph mark_top nohead dt 3 lw 2 lc rgb "#1b9e77" front
    set label 1 sprintf(" flat until %.0f", knee_flat) at knee_flat, graph mark_top + 0.03 left textcolor rgb "#1b9e77" front
  }
  if (run && knee_cross >= 0) {
    set arrow 2 from knee_cross, graph 0 to knee_cross, graph mark_top - 0.08 nohead dt 2 lw 2 lc rgb "#d95f02" front
    set label 2 sprintf(" rises from %.0f", knee_cross) at knee_cross, graph mark_top - 0.05 left textcolor rgb "#d95f02" front
  }
  if (balance >= 0) {
    set arrow 3 from balance, graph 0 to balance, graph mark_top - 0.16 nohead dt 4 lw 1 lc rgb "gray40" front
    set label 3 sprintf(" balance %.0f", balance) at balance, graph mark_top - 0.13 left textcolor rgb "gray30" front
  }
  plot @times keyentry with lines dt 3 lw 2 lc rgb "#1b9e77" title (run && knee_flat >= 0 ? "flat until (10 % over the time without FLOPs)" : ""), \
       keyentry with lines dt 2 lw 2 lc rgb "#d95f02" title (run && knee_cross >= 0 ? "rises from (line through the rising part)" : ""), \
       keyentry with lines dt 4 lw 1 lc rgb "gray40" title (balance < 0 ? "" : "balance: DP FLOPs a 16-byte copy takes".(run ? "" : " (datasheet)")), \
       for [i=1:2] paper using (pgpu(i) ? column("flops") : NaN):(ytop * 0.93):(0):(-ytop * 0.3) with vectors nohead lw 3 lc rgb word(pcolors, i) notitle, \
       for [i=1:2] paper using (pgpu(i) ? column("flops") : NaN):(ytop * 0.93):(star) with labels font sfont textcolor rgb word(pcolors, i) notitle, \
       for [i=1:2] paper using (pgpu(i) ? column("flops") : NaN):(ytop * 0.93):(edge) with labels font sfont textcolor rgb "black" notitle, \
       for [i=1:2] paper using (pgpu(i) ? column("flops") : NaN):(ytop * 0.88):(sprintf("%s %s", strcol("value"), strcol("unit"))) \
         with labels rotate by 90 right offset char 1.7, 0 font ",8" textcolor rgb word(pcolors, i) notitle, \
       for [i=1:2] keyentry with points pt star ps 1.5 lc rgb word(pcolors, i) title "paper knee, ".system("echo ".word(pgpus, i)." | tr '_' ' '")
  eval frame_off
  unset arrow; unset label
  set xrange [0:(fmax > 0 ? fmax : 400)]
  if (run) { set yrange [*:*] } else { set yrange [0:1] }
  set title (run ? "memory bandwidth of the same launches (bytes read + written; paper values: not printed)" : \
                 "memory bandwidth (paper values: not printed): no measured run, nothing to draw")
  set ylabel "GB/s"
  if (run) { set key bottom left opaque box } else { unset key }
  plot @bandwidth
  unset multiplot
}
