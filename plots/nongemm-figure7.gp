# nongemm-figure7.gp - nongemm Figure 7 on this GPU, the warm-up effect: each kernel's fixed-count
# timing from an idle GPU (cold) over the same timing after the 1-second warm-up (warm), against the
# problem's size (elements for SCALE, non-zeros for SpMV, grid points for the stencils), with the
# paper's geometric mean of that ratio for DASP (section 5.2; its points are not printed) as a
# black-edged star in spmv-dasp's colour at the middle of spmv-dasp's sizes. Reads
# data=plots/out/nongemm-figure7.csv by column name, the title and kernels (a stencil kernel is
# METHOD/STENCIL/DTYPE) from plots/out/nongemm-figure7.vars and data/paper/nongemm-spmv.csv by
# column name; writes out.png and out.svg. Make target: nongemm-figure7.
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #666666 #1f78b4 #b2df8a"
sel(i) = (strcol("kernel") eq word(kernels, i) && strcol("status") eq "verified")
paper = 'data/paper/nongemm-spmv.csv'
kcolor(i) = (i > 0 ? word(colors, (i - 1) % 10 + 1) : "black")
# the papers' values: a star of the kernel's colour edged in black
star = "★"; edge = "☆"; sfont = ",16"
dasp = sum [j=1:words(kernels)] (word(kernels, j) eq "spmv-dasp" ? j : 0)
xdasp = NaN
if (dasp > 0) {
  stats data using (sel(dasp) ? 1 : 0) nooutput
  if (STATS_sum > 0) {
    stats data using (sel(dasp) ? log(column("elements")) : NaN) nooutput
    xdasp = exp(STATS_mean)
  }
}
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1100,650 font ",10" noenhanced } \
  else { set terminal svg size 1100,650 font ",10" noenhanced }
  set output out.".".fmt
  set title title."\ncold: the fixed-count timing from an idle GPU (host clock); warm: the same timing after the 1-second warm-up\nstar: the paper's geometric mean for DASP (its points are not printed), at the middle of spmv-dasp's sizes"
  set logscale x 10
  set logscale y 2
  set xlabel "problem size: elements (SCALE), non-zeros (SpMV), grid points (stencils); log scale"
  set ylabel "cold / warm time (above 1: the fixed-count timing reads slower)"
  set grid xtics ytics
  set autoscale xfix
  set key inside right bottom opaque box font ",9"
  plot for [i=1:words(kernels)] data using (sel(i) ? column("elements") : NaN):(column("cold_over_warm")) \
         with points pt (4 + i) ps 1.1 lw 1.5 lc rgb word(colors, (i - 1) % 10 + 1) title word(kernels, i), \
       1 with lines lc rgb "black" dt 2 notitle, \
       paper using (strcol("quantity") eq "warmup_geomean" ? xdasp : NaN):(column("value")):(star) with labels font sfont textcolor rgb kcolor(dasp) notitle, \
       paper using (strcol("quantity") eq "warmup_geomean" ? xdasp : NaN):(column("value")):(edge) with labels font sfont textcolor rgb "black" notitle, \
       keyentry with points pt star ps 1.5 lc rgb kcolor(dasp) title (dasp > 0 ? "paper: spmv-dasp geometric mean (nongemm 5.2)" : "")
}
