# nongemm-figure7.gp - nongemm Figure 7 on this GPU, the warm-up effect: each kernel's fixed-count
# timing from an idle GPU (cold) over the same timing after the protocol's warm-up (warm), against the
# problem's size (elements for SCALE, non-zeros for SpMV, grid points for the stencils), with the
# paper's geometric mean of that ratio for DASP (section 5.2; its points are not printed) as a
# black-edged star in spmv-dasp's colour at the middle of spmv-dasp's sizes (without them, at the
# middle of the axis). Both axes padded around every point and star, so that none sits on the
# frame; sizes in SI prefixes (100k, 1M); the key names only the kernels with points. Reads
# data=plots/out/nongemm-figure7.csv by column name, the title and kernels (a stencil kernel is
# METHOD/STENCIL/DTYPE) from plots/out/nongemm-figure7.vars and data/paper/nongemm-spmv.csv by
# column name; writes out.png and out.svg. Make target: nongemm-figure7.
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #666666 #1f78b4 #b2df8a"
nk = words(kernels)
sel(i) = (strcol("kernel") eq word(kernels, i) && strcol("status") eq "verified")
paper = 'data/paper/nongemm-spmv.csv'
kcolor(i) = (i > 0 ? word(colors, (i - 1) % 10 + 1) : "black")
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
hi(m, v) = (v > m ? v : m)
lo(m, v) = (v < m ? v : m)
# the papers' values: a star of the kernel's colour edged in black
star = "★"; edge = "☆"; sfont = ",16"
# each kernel's points (its key entry); the sizes (every row's) and ratios (the drawn ones)
array N[nk]
xmin = 1e300; xmax = 0; ymin = 1; ymax = 1
do for [i=1:nk] {
  N[i] = 0
  stats data using (sel(i) && num("cold_over_warm") > 0 ? (N[i] = N[i] + 1, ymin = lo(ymin, column("cold_over_warm")), \
    ymax = hi(ymax, column("cold_over_warm"))) : 0) nooutput
}
stats data using (num("elements") > 0 ? (xmin = lo(xmin, column("elements")), xmax = hi(xmax, column("elements"))) : 0) nooutput
if (xmax <= 0) { xmin = 1e3; xmax = 1e9 }
xmin = xmin / 1.6; xmax = xmax * 1.6
dasp = sum [j=1:nk] (word(kernels, j) eq "spmv-dasp" ? j : 0)
xdasp = sqrt(xmin * xmax)
if (dasp > 0 && N[dasp] > 0) {
  stats data using (sel(dasp) ? log(column("elements")) : NaN) nooutput
  xdasp = exp(STATS_mean)
}
stats paper using (strcol("quantity") eq "warmup_geomean" ? (ymin = lo(ymin, column("value")), ymax = hi(ymax, column("value"))) : 0) nooutput
# at least 1/2 to 2 (labelled ticks either side of 1), and room around every point
ymin = lo(ymin / 1.15, 0.5); ymax = hi(ymax * 1.15, 2)
nmeas = sum [i=1:nk] N[i]
W = 1400; H = 650
sub1 = "cold: the fixed-count timing from an idle GPU (host clock); warm: the same timing after the protocol's warm-up".(nmeas > 0 ? "" : "; no measured run: no points")
sub2 = "star: the paper's geometric mean for DASP (its points are not printed), ".(dasp > 0 && N[dasp] > 0 ? "at the middle of spmv-dasp's sizes" : "at the middle of the axis")
load 'plots/gp/common.gp'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  # under the title's lines, the plot's text (its x label) above the footer
  set tmargin at screen below(nsub)
  set origin 0, floor
  set size 1, 1 - floor
  unset title
  eval frame_on
  set logscale x 10
  set logscale y 2
  set xrange [xmin:xmax]
  set yrange [ymin:ymax]
  set format x "%.0s%c"
  set format y "%g"
  set xlabel "problem size: elements (SCALE), non-zeros (SpMV), grid points (stencils); log scale"
  set ylabel "cold / warm time (above 1: the fixed-count timing reads slower)"
  set grid xtics ytics
  set key inside right bottom opaque box font ",9"
  plot for [i=1:nk] data using (sel(i) ? column("elements") : NaN):(column("cold_over_warm")) \
         with points pt (4 + i) ps 1.1 lw 1.5 lc rgb word(colors, (i - 1) % 10 + 1) title (N[i] > 0 ? word(kernels, i) : ""), \
       1 with lines lc rgb "black" dt 2 notitle, \
       paper using (strcol("quantity") eq "warmup_geomean" ? xdasp : NaN):(column("value")):(star) with labels font sfont textcolor rgb kcolor(dasp) notitle, \
       paper using (strcol("quantity") eq "warmup_geomean" ? xdasp : NaN):(column("value")):(edge) with labels font sfont textcolor rgb "black" notitle, \
       keyentry with points pt star ps 1.5 lc rgb kcolor(dasp) title "paper: spmv-dasp geometric mean (nongemm 5.2)"
}
