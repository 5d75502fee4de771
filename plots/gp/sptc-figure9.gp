# sptc-figure9.gp - sptc Figure 9: the sptc shapes (1D radius 1-2, 2D box and star radius 1-3), every
# method in its own precision at 10240^2 / 10240000 points, side by side on each shape, each method
# in its own slot (a method run in a second precision too, convstencil in fp64, a series of its own
# there: its own slot, colour and key entry): measured (filled), throttled measurements (open diamonds: as the table's footer
# defines them), each method's model roof (a short bar in its colour over its slot, bars apart
# from their neighbours), a dotted stem from the measured point up to its roof, and the harness's
# own power roof (an open down-triangle in the method's colour, where the run's ceilings measured
# energies: the renderer's column power_roof_gstencil_per_s). Unnormalised
# GStencil/s: no division of half-precision results, no multiplication by depths. The key names
# only what is drawn (without a measured run: the roofs alone). The paper prints no GStencil/s for
# this figure (its picture only; its mean speedups are claims that make verdicts judges): the title
# says so. Reads data=plots/out/sptc-figure9.csv by column name, and its title and methods (the
# series drawn) from plots/out/sptc-figure9.vars, which make loads; writes out.png and out.svg.
# Make target: sptc-figure9.
# A replicated run (REPLICAS=N): each measured point is the replicas' median, a bar through it
# ends at the lowest and highest replica's rate.
set datafile separator ','
set datafile columnheaders
shapes = "box1d1r box1d2r box2d1r box2d2r box2d3r star2d1r star2d2r star2d3r"
colors = "#1b9e77 #d95f02 #a6761d #7570b3 #e31a1c #e6ab02 #bcbd22 #17becf #e7298a #66a61e #386cb0 #666666 #8c564b"
xof(s) = sum [k=1:words(shapes)] (word(shapes,k) eq s ? k : 0)
ok(v) = (v == v)
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
hi(m, v) = (v > m ? v : m)
lo(m, v) = (v < m ? v : m)
# the series drawn: each method in its first precision, and a method run in another too
# (convstencil in fp64 beside tf32) a series of its own there, METHOD@DTYPE, its own slot and colour;
# sdt: each series' precision
series = ""; sdt = ""
do for [k=1:words(methods)] {
  m = word(methods, k); d1 = ""; more = ""
  stats data using (strcol("method") eq m ? (d1 eq "" ? (d1 = strcol("dtype"), 0) : \
    (strcol("dtype") ne d1 && strstrt(" ".more." ", " ".strcol("dtype")." ") == 0 ? (more = more." ".strcol("dtype"), 0) : 0)) : 0) nooutput
  series = series.(series eq "" ? "" : " ").m; sdt = sdt.(sdt eq "" ? "" : " ").d1
  do for [j=1:words(more)] { series = series." ".m."@".word(more, j); sdt = sdt." ".word(more, j) }
}
sm(w) = (strstrt(w, "@") ? w[1:strstrt(w, "@") - 1] : w)
lab(w) = (strstrt(w, "@") ? sm(w)." (".w[strstrt(w, "@") + 1:].")" : w)
# a series' slot on its shape: the series side by side, 0.9 of a shape's width in all
nm = words(series)
step = 0.9 / nm
bar = 0.7 * step
slot(i) = xof(strcol("stencil")) + (i - (nm + 1) / 2.0) * step
is(i) = (strcol("method") eq sm(word(series,i)) && strcol("dtype") eq word(sdt,i))
array M[nm]   # each method's measured rows: its key entry
do for [i=1:nm] {
  M[i] = 0
  stats data using (is(i) && ok(num("gstencil_per_s")) ? (M[i] = M[i] + 1, 0) : 0) nooutput
}
nmeas = sum [i=1:nm] M[i]
nthr = 0
stats data using (column("throttled") == 1 && ok(num("gstencil_per_s")) ? (nthr = nthr + 1, 0) : 0) nooutput
npow = 0
stats data using (ok(num("power_roof_gstencil_per_s")) ? (npow = npow + 1, 0) : 0) nooutput
ymin = 1e300; ymax = 0
stats data using (ymin = lo(ymin, num("power_roof_gstencil_per_s")), ymax = hi(ymax, num("power_roof_gstencil_per_s")), 0) nooutput
stats data using (ymin = lo(lo(ymin, num("model_gstencil_per_s")), num("gstencil_per_s")), \
  ymax = hi(hi(ymax, num("model_gstencil_per_s")), num("gstencil_per_s")), 0) nooutput
if (ymax <= 0) { ymin = 1; ymax = 10 }
ymin = lo(ymin, ymax / 20)   # at least a decade: two labelled ticks
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
W = 1600; H = 680
sub1 = "paper values: not printed (the paper shows this figure as a picture only; its mean speedups are judged by make verdicts)"
sub2 = prec."; unnormalised"
load 'plots/gp/common.gp'
# the plot starts under the title's lines
top = below(nsub)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  set multiplot
  eval frame_on
  set border; set tics
  unset xlabel   # the ticks name the stencils
  set ylabel "GStencil/s (log scale)".(nmeas > 0 ? "; filled: measured, bar: model roof" : "; bar: model roof")
  set yrange [ymin / 1.6:ymax * 1.6]
  set logscale y
  set xrange [0.5:words(shapes)+0.5]
  set xtics (word(shapes,1) 1, word(shapes,2) 2, word(shapes,3) 3, word(shapes,4) 4, word(shapes,5) 5, \
             word(shapes,6) 6, word(shapes,7) 7, word(shapes,8) 8) scale 0
  set format y "%g"
  set key off
  set lmargin at screen 0.05
  set rmargin at screen 0.98
  set tmargin at screen top
  set bmargin at screen 0.21
  set grid ytics mytics
  # the shapes apart: a light line between neighbours
  do for [k=1:words(shapes)-1] { set arrow k from k + 0.5, graph 0 to k + 0.5, graph 1 nohead lc rgb "gray80" back }
  plot for [i=1:nm] data using (is(i) ? slot(i) : NaN):(column("gstencil_per_s")):(0):(column("model_gstencil_per_s") - column("gstencil_per_s")) \
         with vectors nohead dt 3 lw 1 lc rgb word(colors,i) notitle, \
       for [i=1:nm] data using (is(i) ? slot(i) - bar / 2 : NaN):(column("model_gstencil_per_s")):(bar):(0) \
         with vectors nohead lw 3 lc rgb word(colors,i) notitle, \
       for [i=1:nm] data using (is(i) ? slot(i) : NaN):(num("power_roof_gstencil_per_s")) \
         with points pt 10 ps 1.3 lw 1.5 lc rgb word(colors,i) notitle, \
       for [i=1:nm] data using (is(i) && num("replicas") > 1 ? slot(i) : NaN):(column("gstencil_per_s")):(num("gstencil_per_s_low")):(num("gstencil_per_s_high")) \
         with yerrorbars pt 7 ps 0 lw 1.5 lc rgb word(colors,i) notitle, \
       for [i=1:nm] data using (is(i) && column("throttled") == 0 ? slot(i) : NaN):(column("gstencil_per_s")) \
         with points pt 7 ps 1.2 lc rgb word(colors,i) notitle, \
       for [i=1:nm] data using (is(i) && column("throttled") == 1 ? slot(i) : NaN):(column("gstencil_per_s")) \
         with points pt 12 ps 1.8 lw 2 lc rgb word(colors,i) notitle
  eval frame_off
  unset arrow
  # one key under the plot: a method's entry is its measured point where it has one, else its roof
  set lmargin at screen 0.03
  set rmargin at screen 0.98
  set tmargin at screen 0.15
  set bmargin at screen floor
  unset border; unset tics; unset xlabel; unset ylabel; unset grid; unset logscale y
  set xrange [0:1]; set yrange [0:1]
  set key inside center top vertical Left reverse maxrows 5 font ",9" samplen 2 width 0
  plot 2 notitle, \
       for [i=1:nm] keyentry with points pt 7 ps 1.2 lc rgb word(colors,i) title (M[i] > 0 ? lab(word(series,i)) : ""), \
       for [i=1:nm] keyentry with lines lw 3 lc rgb word(colors,i) title (M[i] > 0 ? "" : lab(word(series,i))." (model roof)"), \
       keyentry with points pt 12 ps 1.8 lw 2 lc rgb "black" title (nthr > 0 ? "throttled sample(s)" : ""), \
       keyentry with yerrorbars pt 7 ps 0 lw 1.5 lc rgb "black" title (replicas > 0 ? "replicas' rates (bar ends)" : ""), \
       keyentry with lines lw 3 lc rgb "gray40" title (nmeas > 0 ? "model roof (a bar; dotted: up from the point)" : ""), \
       keyentry with points pt 10 ps 1.3 lw 1.5 lc rgb "gray40" title (npow > 0 ? "power roof (the harness's own: the board's cap)" : "")
  unset multiplot
}
