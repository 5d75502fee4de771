# sptc-figure10.gp - sptc Figure 10: throughput against problem size for every method on box2d1r,
# star2d1r and box1d1r, measured (points; open diamonds: throttled, samples below 75 % of the max SM
# clock) with each method's model plateau (dashed). Reads
# data=plots/out/sptc-figure10.csv (stencil-render) by column name, and its title and methods
# from plots/out/sptc-figure10.vars, which make loads; writes out.png and out.svg.
# Make target: figure10 (= sptc-figure10).
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #7570b3 #e6ab02 #a6761d #386cb0 #e7298a #66a61e #666666 #17becf"
sel(st, m) = (strcol("stencil") eq st && strcol("method") eq m)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1700,560 font ",10" noenhanced } \
  else { set terminal svg size 1700,560 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 1,3 title title."\nnaive, ebisu: fp32; convstencil: tf32; lorastencil (sym: its own mirror-symmetric weights), flashfftstencil: fp64; tcstencil, spider: fp16. Points: measured (open diamonds: throttled); dashed: each method's model plateau"
  do for [st in "box2d1r star2d1r box1d1r"] {
    set title st
    set xlabel "problem size (points, log scale)"
    set ylabel "GStencil/s (point-steps per second, log scale)"
    set logscale xy
    set key outside right top vertical font ",8" samplen 2
    set grid xtics ytics mxtics mytics
    plot for [i=1:words(methods)] data using (sel(st, word(methods,i)) ? column("points") : NaN):(column("gstencil_per_s")) \
           with lines lw 2 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) && column("throttled") == 0 ? column("points") : NaN):(column("gstencil_per_s")) \
           with points pt 7 lc rgb word(colors,i) title word(methods,i), \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) && column("throttled") == 1 ? column("points") : NaN):(column("gstencil_per_s")) \
           with points pt 12 ps 2 lw 2 lc rgb word(colors,i) notitle, \
         keyentry with points pt 12 ps 2 lw 2 lc rgb "black" title "throttled sample(s)", \
         for [i=1:words(methods)] data using (sel(st, word(methods,i)) ? column("points") : NaN):(column("model_gstencil_per_s")) \
           with lines dashtype 2 lw 1 lc rgb word(colors,i) title word(methods,i)." model"
  }
  unset multiplot
}
