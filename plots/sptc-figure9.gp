# sptc-figure9.gp - sptc Figure 9: the sptc shapes (1D radius 1-2, 2D box and star radius 1-3), every
# method in its own precision at 10240^2 / 10240000 points, side by side on each shape: measured
# (filled), throttled measurements (open diamonds: samples below 75 % of the max SM clock) and each
# method's model roof (a short bar in its colour at its own place, so that equal roofs stay apart).
# Unnormalised GStencil/s: no division of half-precision results, no multiplication by depths. The
# paper prints no GStencil/s for this figure (its picture only; its mean speedups are claims that
# make verdicts judges): the title says so. Reads data=plots/out/sptc-figure9.csv by column name, and
# its title and methods (the series drawn) from plots/out/sptc-figure9.vars, which make loads;
# writes out.png and out.svg. Make target: sptc-figure9.
set datafile separator ','
set datafile columnheaders
shapes = "box1d1r box1d2r box2d1r box2d2r box2d3r star2d1r star2d2r star2d3r"
colors = "#1b9e77 #d95f02 #a6761d #7570b3 #e6ab02 #bcbd22 #17becf #e7298a #66a61e #386cb0 #666666 #8c564b"
xof(s) = sum [k=1:words(shapes)] (word(shapes,k) eq s ? k : 0)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1400,680 font ",10" noenhanced } \
  else { set terminal svg size 1400,680 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot title title."\npaper values: not printed (the paper shows this figure as a picture only; its mean speedups are judged by make verdicts)\nnaive, ebisu, cudnn: fp32; convstencil: tf32; lorastencil (sym: its own mirror-symmetric weights), flashfftstencil: fp64; tcstencil, spider: fp16; unnormalised"
  set xlabel "stencil"
  set ylabel "GStencil/s (log scale); filled: measured, bar: model roof"
  stats data using (column("model_gstencil_per_s")) nooutput
  set yrange [*:STATS_max * 1.6]
  set logscale y
  set xrange [0.5:words(shapes)+0.5]
  set xtics (word(shapes,1) 1, word(shapes,2) 2, word(shapes,3) 3, word(shapes,4) 4, word(shapes,5) 5, \
             word(shapes,6) 6, word(shapes,7) 7, word(shapes,8) 8)
  set key below horizontal maxrows 3 Left reverse font ",9" samplen 2 width 1
  set tmargin 5
  set bmargin 9
  set grid ytics mytics
  plot for [i=1:words(methods)] data using (strcol("method") eq word(methods,i) && column("throttled") == 0 ? xof(strcol("stencil")) + (i-(words(methods)+1)/2.0)*0.07 : NaN):(column("gstencil_per_s")) \
         with points pt 7 ps 1.4 lc rgb word(colors,i) title word(methods,i), \
       for [i=1:words(methods)] data using (strcol("method") eq word(methods,i) && column("throttled") == 1 ? xof(strcol("stencil")) + (i-(words(methods)+1)/2.0)*0.07 : NaN):(column("gstencil_per_s")) \
         with points pt 12 ps 2 lw 2 lc rgb word(colors,i) notitle, \
       keyentry with points pt 12 ps 2 lw 2 lc rgb "black" title "throttled sample(s)", \
       for [i=1:words(methods)] data using (strcol("method") eq word(methods,i) ? xof(strcol("stencil")) + (i-(words(methods)+1)/2.0)*0.07 - 0.03 : NaN):(column("model_gstencil_per_s")):(0.06):(0) \
         with vectors nohead lw 3 lc rgb word(colors,i) notitle, \
       keyentry with lines lw 3 lc rgb "gray40" title "model roof (a bar in the method's colour)"
  unset multiplot
}
