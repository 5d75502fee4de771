# sptc-figure10.gp - sptc Figure 10: throughput against problem size for every method on box2d1r,
# star2d1r and box1d1r, one panel a stencil drawing the methods configured on it (named in its
# title): measured (points and lines; open diamonds: throttled, as the
# table's footer defines it) and each method's model plateau (a dashed bar in the method's colour, each method in its
# own slice of the panel's width, so that equal plateaus stay apart); both axes fitted to the data,
# one key for the figure under the panels, naming only what is drawn (without a measured run: the
# plateaus alone). The paper prints no GStencil/s for this figure (its picture only): the title
# says so. Reads data=plots/out/sptc-figure10.csv (stencil-render) by column name, and its title
# and methods from plots/out/sptc-figure10.vars, which make loads; writes out.png and out.svg. Make
# target: figure10 (= sptc-figure10).
# A replicated run (REPLICAS=N): each measured point is the replicas' median, a bar through it
# ends at the lowest and highest replica's rate.
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #7570b3 #e6ab02 #a6761d #386cb0 #e7298a #66a61e #666666 #17becf"
stencils = "box2d1r star2d1r box1d1r"
sel(st, m) = (strcol("stencil") eq st && strcol("method") eq m)
onst(st) = (strcol("stencil") eq st)
ok(v) = (v == v)
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
hi(m, v) = (v > m ? v : m)
lo(m, v) = (v < m ? v : m)
# the k-th of a panel's n methods draws its plateau over the k-th slice of the sizes (a gap between)
slice_x(k, f) = xmin * (xmax / xmin) ** ((k - 1 + 0.12 + 0.76 * f) / n)
array K[words(methods)]
array M[words(methods)]   # each method's measured rows, over every stencil: its key entry
do for [i=1:words(methods)] {
  M[i] = 0
  stats data using (strcol("method") eq word(methods,i) && ok(num("gstencil_per_s")) ? (M[i] = M[i] + 1, 0) : 0) nooutput
}
nthr = 0
stats data using (column("throttled") == 1 && ok(num("gstencil_per_s")) ? (nthr = nthr + 1, 0) : 0) nooutput
nmeas = sum [i=1:words(methods)] M[i]
# each method's precision, from the data: "a, b: fp32; c: tf32; ..." in the order of methods (a
# method drawn on its own mirror-symmetric weights too, METHOD:sym, says so)
prec = ""; last = ""
do for [i=1:words(methods)] {
  m = word(methods, i)
  if (strstrt(m, ":") == 0) {
    dt = ""
    stats data using (strcol("method") eq m && dt eq "" ? (dt = strcol("dtype"), 0) : 0) nooutput
    mm = m.(strstrt(" ".methods." ", " ".m.":sym ") ? " (sym: its own mirror-symmetric weights)" : "")
    prec = prec.(last eq "" ? mm : (dt eq last ? ", ".mm : ": ".last."; ".mm))
    last = dt
  }
}
prec = prec.": ".last
# a replicated run's rows (replicas > 1): each replica's rate drawn as the ends of a bar through
# the median point
replicas = 0
stats data using (num("replicas") > 1 ? (replicas = replicas + 1, 0) : 0) nooutput
W = 1700; H = 720
sub1 = prec."; paper values: not printed (the paper shows this figure as a picture only)"
sub2 = (nmeas > 0 ? "points: measured (open diamonds: throttled); dashed bars: each method's model plateau, each in its own slice of the width" : "no measured run: dashed bars, each method's model plateau, each in its own slice of the width")
load 'plots/gp/common.gp'
# the panels start under the title's lines and their own title
top = panel_top(nsub)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  set multiplot
  eval frame_on
  do for [q=1:words(stencils)] {
    st = word(stencils, q)
    # (stats reads through the current ranges and log axes: none while counting)
    unset logscale xy; set xrange [*:*]; set yrange [*:*]
    # the methods configured on this stencil, numbered; the sizes and rates to fit the axes to
    n = 0; have = ""
    do for [i=1:words(methods)] {
      c = 0
      stats data using (sel(st, word(methods,i)) ? (c = c + 1, 0) : 0) nooutput
      K[i] = (c > 0) ? (n = n + 1) : 0
      have = have.(K[i] > 0 ? (n > 1 ? ", " : "").word(methods,i) : "")
    }
    set lmargin at screen 0.05 + (q - 1) * 0.33
    set rmargin at screen 0.32 + (q - 1) * 0.33
    set tmargin at screen top
    set bmargin at screen 0.3
    set border; set tics; set key off
    set logscale xy
    xmin = 1; xmax = 10; ymin = 1; ymax = 10
    if (n > 0) {
      xmin = 1e300; xmax = 0; ymin = 1e300; ymax = 0
      stats data using (onst(st) ? (xmin = lo(xmin, column("points")), xmax = hi(xmax, column("points")), \
        ymin = lo(lo(ymin, num("model_gstencil_per_s")), num("gstencil_per_s")), \
        ymax = hi(hi(ymax, num("model_gstencil_per_s")), num("gstencil_per_s")), 0) : 0) nooutput
    }
    ymin = lo(ymin, ymax / 20)   # at least a decade: two labelled ticks
    set xrange [xmin / 1.4:xmax * 1.4]
    set yrange [ymin / 1.6:ymax * 1.6]
    set title st.(n == words(methods) ? ": every method" : sprintf(": %d of %d methods (%s)", n, words(methods), have)) font ",9"
    set xlabel "problem size (points, log scale)"
    set ylabel "GStencil/s (point-steps per second, log scale)"
    set format x "%.0s%c"
    set format y "%g"
    set grid xtics ytics mxtics mytics
    plot for [i=1:words(methods)] data using (sel(st, word(methods,i)) && column("points") == xmax ? slice_x(K[i], 0) : NaN):(column("model_gstencil_per_s")):(slice_x(K[i], 1) - slice_x(K[i], 0)):(0) \
           with vectors nohead dashtype (8,4) lw 3 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) ? column("points") : NaN):(column("gstencil_per_s")) \
           with lines lw 2 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) && num("replicas") > 1 ? column("points") : NaN):(column("gstencil_per_s")):(num("gstencil_per_s_low")):(num("gstencil_per_s_high")) \
           with yerrorbars pt 7 ps 0 lw 1.5 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) && column("throttled") == 0 ? column("points") : NaN):(column("gstencil_per_s")) \
           with points pt 7 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) && column("throttled") == 1 ? column("points") : NaN):(column("gstencil_per_s")) \
           with points pt 12 ps 2 lw 2 lc rgb word(colors,i) notitle
    eval frame_off
  }
  # one key for the figure, under the panels: a method's entry is its measured line where it has
  # one, else its plateau's dashed bar
  set lmargin at screen 0.03
  set rmargin at screen 0.98
  set tmargin at screen 0.19
  set bmargin at screen floor
  unset border; unset tics; unset title; unset xlabel; unset ylabel; unset grid; unset logscale xy
  set xrange [0:1]; set yrange [0:1]
  set key inside center top vertical Left reverse maxrows 4 font ",9" samplen 4 width 2
  plot 2 notitle, \
       for [i=1:words(methods)] keyentry with linespoints pt 7 lw 2 lc rgb word(colors,i) title (M[i] > 0 ? word(methods,i) : ""), \
       for [i=1:words(methods)] keyentry with lines dashtype (8,4) lw 3 lc rgb word(colors,i) title (M[i] > 0 ? "" : word(methods,i)." (model plateau)"), \
       keyentry with lines dashtype (8,4) lw 3 lc rgb "gray40" title (nmeas > 0 ? "model plateau (dashed, in the method's colour)" : ""), \
       keyentry with points pt 12 ps 2 lw 2 lc rgb "black" title (nthr > 0 ? "throttled sample(s)" : ""), \
       keyentry with yerrorbars pt 7 ps 0 lw 1.5 lc rgb "black" title (replicas > 0 ? "replicas' rates (bar ends)" : "")
  unset multiplot
}
