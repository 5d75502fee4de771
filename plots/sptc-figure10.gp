# sptc-figure10.gp - sptc Figure 10: throughput against problem size for every method on box2d1r,
# star2d1r and box1d1r, one panel a stencil drawing the methods measured on it (named in its
# title): measured (points and lines; open diamonds: throttled, samples below 75 % of the max SM
# clock) and each method's model plateau (dashed, with an open circle in the method's colour at its
# own place along it, so that equal plateaus stay apart); both axes fitted to the data, one key for
# the figure under the panels. The paper prints no GStencil/s for this figure (its picture only):
# the title says so. Reads data=plots/out/sptc-figure10.csv (stencil-render) by column name, and
# its title and methods from plots/out/sptc-figure10.vars, which make loads; writes out.png and
# out.svg. Make target: figure10 (= sptc-figure10).
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #7570b3 #e6ab02 #a6761d #386cb0 #e7298a #66a61e #666666 #17becf"
stencils = "box2d1r star2d1r box1d1r"
sel(st, m) = (strcol("stencil") eq st && strcol("method") eq m)
onst(st) = (strcol("stencil") eq st)
# the model marker of the k-th of the n methods of a panel: spread over the panel's sizes
mark_x(k) = xmin * (xmax / xmin) ** ((k - 0.5) / n)
array K[words(methods)]
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1700,720 font ",10" noenhanced } \
  else { set terminal svg size 1700,720 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot title title." (paper values: not printed, the paper shows this figure as a picture only)\nnaive, ebisu: fp32; convstencil: tf32; lorastencil (sym: its own mirror-symmetric weights), flashfftstencil: fp64; tcstencil, spider: fp16. Points: measured (open diamonds: throttled); dashed with an open circle: each method's model plateau"
  do for [q=1:words(stencils)] {
    st = word(stencils, q)
    # the methods measured on this stencil, numbered; the sizes and rates to fit the axes to
    n = 0; have = ""
    do for [i=1:words(methods)] {
      stats data using (sel(st, word(methods,i)) ? 1 : 0) nooutput
      K[i] = (STATS_sum > 0) ? (n = n + 1) : 0
      have = have.(K[i] > 0 ? (n > 1 ? ", " : "").word(methods,i) : "")
    }
    set lmargin at screen 0.05 + (q - 1) * 0.33
    set rmargin at screen 0.32 + (q - 1) * 0.33
    set tmargin at screen 0.86
    set bmargin at screen 0.3
    set border; set tics; set key off
    set logscale xy
    set xrange [*:*]; set yrange [*:*]
    xmin = 1; xmax = 1
    if (n > 0) {
      stats data using (onst(st) ? column("points") : NaN) nooutput
      xmin = STATS_min; xmax = STATS_max
      stats data using (onst(st) ? column("model_gstencil_per_s") : NaN) nooutput
      ymax = STATS_max
      stats data using (onst(st) ? column("gstencil_per_s") : NaN) nooutput
      ymax = (STATS_max > ymax) ? STATS_max : ymax
      set xrange [xmin / 1.4:xmax * 1.4]
      set yrange [*:ymax * 1.6]
    }
    set title st.(n == words(methods) ? ": every method" : sprintf(": %d of %d methods (%s)", n, words(methods), have)) font ",9"
    set xlabel "problem size (points, log scale)"
    set ylabel "GStencil/s (point-steps per second, log scale)"
    set format x "%.0s%c"
    set format y "%g"
    set grid xtics ytics mxtics mytics
    plot for [i=1:words(methods)] data using (sel(st, word(methods,i)) ? column("points") : NaN):(column("gstencil_per_s")) \
           with lines lw 2 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) && column("throttled") == 0 ? column("points") : NaN):(column("gstencil_per_s")) \
           with points pt 7 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) && column("throttled") == 1 ? column("points") : NaN):(column("gstencil_per_s")) \
           with points pt 12 ps 2 lw 2 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) ? column("points") : NaN):(column("model_gstencil_per_s")) \
           with lines dashtype 2 lw 1.5 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) && column("points") == xmax ? mark_x(K[i]) : NaN):(column("model_gstencil_per_s")) \
           with points pt 6 ps 1.8 lw 2 lc rgb word(colors,i) notitle
  }
  # one key for the figure, under the panels
  set lmargin at screen 0.03
  set rmargin at screen 0.98
  set tmargin at screen 0.19
  set bmargin at screen 0.01
  unset border; unset tics; unset title; unset xlabel; unset ylabel; unset grid; unset logscale xy
  set xrange [0:1]; set yrange [0:1]
  set key inside center top vertical Left reverse maxrows 3 font ",9" samplen 3 width 1
  plot 2 notitle, \
       for [i=1:words(methods)] keyentry with linespoints pt 7 lw 2 lc rgb word(colors,i) title word(methods,i)." measured", \
       for [i=1:words(methods)] keyentry with linespoints dashtype 2 pt 6 ps 1.8 lw 1.5 lc rgb word(colors,i) title word(methods,i)." model plateau", \
       keyentry with points pt 12 ps 2 lw 2 lc rgb "black" title "throttled sample(s)"
  unset multiplot
}
