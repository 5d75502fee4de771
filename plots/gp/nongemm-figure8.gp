# nongemm-figure8.gp - nongemm Figure 8 on this GPU: cuSPARSE SpMV (fp64 CSR) without preprocessing
# over with cusparseSpMV_preprocess, against the matrix's non-zeros, one point a matrix, a colour a
# family; both axes padded around the points, so that none sits on the frame; non-zeros in SI
# prefixes (1k, 1M); the key names only the families with points (without a measured run: empty
# axes, the title says so). The paper prints no value of its Figure 8 (the title says so). Reads
# data=plots/out/nongemm-figure8.csv by column name and the title from
# plots/out/nongemm-figure8.vars; writes out.png and out.svg. Make target: nongemm-figure8.
set datafile separator ','
set datafile columnheaders
fams = "poisson2d poisson3d banded powerlaw mm"
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #333333"
fam(i) = (word(fams, i) eq "mm" ? strcol("matrix")[1:3] eq "mm:" : strcol("matrix") eq word(fams, i))
sel(i) = fam(i) && strcol("status") eq "verified"
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
hi(m, v) = (v > m ? v : m)
lo(m, v) = (v < m ? v : m)
# each family's points (its key entry) and the range they span
array N[words(fams)]
xmin = 1e300; xmax = 0; ymin = 1; ymax = 1
do for [i=1:words(fams)] {
  N[i] = 0
  stats data using (sel(i) && num("nnz") > 0 && num("speedup") == num("speedup") ? (N[i] = N[i] + 1, \
    xmin = lo(xmin, column("nnz")), xmax = hi(xmax, column("nnz")), \
    ymin = lo(ymin, column("speedup")), ymax = hi(ymax, column("speedup"))) : 0) nooutput
}
nmeas = sum [i=1:words(fams)] N[i]
# no points (no measured run): an axis over the matrices' rows (their non-zeros are the run's)
if (nmeas == 0) {
  stats data using (num("rows") > 0 ? (xmin = lo(xmin, column("rows")), xmax = hi(xmax, column("rows"))) : 0) nooutput
  ymax = 2
}
if (xmax <= 0) { xmin = 1; xmax = 10 }
pad = (ymax - ymin) * 0.06
W = 1400; H = 600
sub1 = "cusparseSpMV (CUSPARSE_SPMV_ALG_DEFAULT), hot (the L2 kept)".(nmeas > 0 ? "" : "; no measured run: no points")
sub2 = "paper values: not printed (the paper shows this figure as a picture only)"
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
  set xrange [xmin / 1.6:xmax * 1.6]
  set yrange [ymin - pad:ymax + pad]
  set format x "%.0s%c"
  set format y "%g"
  set xlabel "non-zeros (log scale)"
  set ylabel "time without / with cusparseSpMV_preprocess"
  set grid xtics ytics
  if (nmeas > 0) { set key top right opaque box } else { unset key }
  plot for [i=1:words(fams)] data using (sel(i) ? column("nnz") : NaN):(column("speedup")) \
         with points pt 7 ps 1.1 lc rgb word(colors, i) title (N[i] > 0 ? word(fams, i) : ""), \
       1 with lines lc rgb "black" dt 2 notitle
}
