# nongemm-figure7.gp - nongemm Figure 7 on this GPU, the warm-up effect: each kernel's fixed-count
# timing from an idle GPU (cold) over the same timing after the 1-second warm-up (warm), against the
# problem's size (elements for SCALE, non-zeros for SpMV, grid points for the stencils). Reads
# data=plots/out/nongemm-figure7.csv by column name and the title and kernels (a stencil kernel is
# METHOD/STENCIL/DTYPE) from plots/out/nongemm-figure7.vars; writes out.png and out.svg. Make
# target: nongemm-figure7.
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #666666 #1f78b4 #b2df8a"
sel(i) = (strcol("kernel") eq word(kernels, i) && strcol("status") eq "verified")
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1100,650 font ",10" noenhanced } \
  else { set terminal svg size 1100,650 font ",10" noenhanced }
  set output out.".".fmt
  set title title."\ncold: the fixed-count timing from an idle GPU (host clock); warm: the same timing after the 1-second warm-up"
  set logscale x 10
  set logscale y 2
  set xlabel "problem size: elements (SCALE), non-zeros (SpMV), grid points (stencils); log scale"
  set ylabel "cold / warm time (above 1: the fixed-count timing reads slower)"
  set grid xtics ytics
  set autoscale xfix
  set key outside right top
  plot for [i=1:words(kernels)] data using (sel(i) ? column("elements") : NaN):(column("cold_over_warm")) \
         with points pt (4 + i) ps 1.1 lw 1.5 lc rgb word(colors, (i - 1) % 10 + 1) title word(kernels, i), \
       1 with lines lc rgb "black" dt 2 notitle
}
