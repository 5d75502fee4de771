# tcs-figure16.gp - tcs Figure 16: every method in each precision over the six cases, measured
# (filled), throttled measurements (open diamonds: samples below 75 % of the max SM clock) and model
# (open circles). Reads data=plots/out/tcs-figure16.csv (stencil-render) by column name, and its
# title and methods from plots/out/tcs-figure16.vars, which make loads; writes out.png and out.svg.
# Make target: tcs-figure16.
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #a6761d #7570b3 #e6ab02 #bcbd22 #17becf #66a61e #666666"
casex(l, i) = real(substr(l, 6, 6)) + (i - (words(methods) + 1) / 2.0) * 0.08
isfp64(dt) = (dt eq "fp64")
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1300,520 font ",10" noenhanced } \
  else { set terminal svg size 1300,520 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 1,2 title title
  do for [p in "fp64 fp32"] {
    set title (p eq "fp64" ? "fp64 (cases 1, 2, 5)" : "fp32 data (cases 3, 4, 6; convstencil and spider in tf32)")
    set xlabel "tcs case"
    set ylabel "GStencil/s (log scale); filled: measured, open circle: model"
    set logscale y
    set xrange [0.5:6.5]
    set xtics 1,1,6
    set key outside right top vertical font ",9"
    set grid ytics mytics
    want(dt) = (p eq "fp64") ? isfp64(dt) : !isfp64(dt)
    plot for [i=1:words(methods)] data using (strcol("method") eq word(methods,i) && want(strcol("dtype")) && column("throttled") == 0 ? casex(strcol("label"), i) : NaN):(column("gstencil_per_s")) \
           with points pt 7 ps 1.5 lc rgb word(colors,i) title word(methods,i), \
         for [i=1:words(methods)] data using (strcol("method") eq word(methods,i) && want(strcol("dtype")) && column("throttled") == 1 ? casex(strcol("label"), i) : NaN):(column("gstencil_per_s")) \
           with points pt 12 ps 2 lw 2 lc rgb word(colors,i) notitle, \
         keyentry with points pt 12 ps 2 lw 2 lc rgb "black" title "throttled sample(s)", \
         for [i=1:words(methods)] data using (strcol("method") eq word(methods,i) && want(strcol("dtype")) ? casex(strcol("label"), i) : NaN):(column("model_gstencil_per_s")) \
           with points pt 6 ps 1.5 lc rgb word(colors,i) notitle
  }
  unset multiplot
}
