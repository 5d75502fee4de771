# nongemm-figure9.gp - nongemm Figure 9 on this GPU: the preprocessing time of cuSPARSE
# (cusparseSpMV_preprocess) and of the DASP-style tensor-core SpMV (its blocked layout built on the
# host and uploaded) against the matrix's non-zeros; left in milliseconds, right in SpMVs of the same
# method; both axes padded around the points, so that none sits on the frame; non-zeros in SI
# prefixes (1k, 1M); the key names only the methods with points (without a measured run: empty
# axes over the matrices' rows, the title says so). The paper prints no value of its Figure 9 (the
# title says so). Reads data=plots/out/nongemm-figure9.csv by column name and the title from
# plots/out/nongemm-figure9.vars; writes out.png and out.svg. Make target: nongemm-figure9.
set datafile separator ','
set datafile columnheaders
# the methods drawn: those the data names, in the order it first names them (its configuration
# list's; the method table is the one list of methods)
methods = ""
stats data using (strstrt(" ".methods." ", " ".strcol("method")." ") ? 0 : \
  (methods = methods.(methods eq "" ? "" : " ").strcol("method"), 0)) nooutput
colors = "#1b9e77 #d95f02"
sel(i) = (strcol("method") eq word(methods, i))
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
hi(m, v) = (v > m ? v : m)
lo(m, v) = (v < m ? v : m)
quantities = "preprocess_ms preprocess_spmvs"
# each method's points in each panel (its key entry), the non-zeros and each panel's values
array N[4]
array YMIN[2]
array YMAX[2]
xmin = 1e300; xmax = 0
do for [p=1:2] {
  YMIN[p] = 1e300; YMAX[p] = 0
  do for [i=1:2] {
    k = (p - 1) * 2 + i; N[k] = 0
    stats data using (sel(i) && num("nnz") > 0 && num(word(quantities, p)) > 0 ? (N[k] = N[k] + 1, \
      xmin = lo(xmin, column("nnz")), xmax = hi(xmax, column("nnz")), \
      YMIN[p] = lo(YMIN[p], column(word(quantities, p))), YMAX[p] = hi(YMAX[p], column(word(quantities, p)))) : 0) nooutput
  }
  if (YMAX[p] <= 0) { YMIN[p] = 0.1; YMAX[p] = 10 }
}
nmeas = sum [k=1:4] N[k]
# no points (no measured run): an axis over the matrices' rows (their non-zeros are the run's)
if (nmeas == 0) {
  stats data using (num("rows") > 0 ? (xmin = lo(xmin, column("rows")), xmax = hi(xmax, column("rows"))) : 0) nooutput
}
if (xmax <= 0) { xmin = 1; xmax = 10 }
W = 1400; H = 600
sub1 = "host clock around the preprocessing, synchronised; paper values: not printed (the paper shows this figure as a picture only)".(nmeas > 0 ? "" : "; no measured run: no points")
load 'plots/gp/common.gp'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  # two panels under the title's lines and their own titles, their x labels above the footer
  set multiplot layout 1,2 margins 0.06, 0.98, floor + 64.0 / H, panel_top(nsub) spacing 0.08
  eval frame_on
  set logscale xy 10
  set xrange [xmin / 1.6:xmax * 1.6]
  set format x "%.0s%c"
  set format y "%g"
  set xlabel "non-zeros (log scale)"
  set grid xtics ytics
  if (nmeas > 0) { set key top left opaque box } else { unset key }
  set title "preprocessing time"
  set ylabel "ms (log scale)"
  set yrange [YMIN[1] / 1.6:YMAX[1] * 1.6]
  plot for [i=1:2] data using (sel(i) ? column("nnz") : NaN):(column("preprocess_ms")) \
         with points pt 7 ps 1 lc rgb word(colors, i) title (N[i] > 0 ? word(methods, i) : "")
  eval frame_off
  set title "preprocessing in SpMVs of the same method"
  set ylabel "preprocessing / one SpMV (log scale)"
  set yrange [YMIN[2] / 1.6:YMAX[2] * 1.6]
  plot for [i=1:2] data using (sel(i) ? column("nnz") : NaN):(column("preprocess_spmvs")) \
         with points pt 7 ps 1 lc rgb word(colors, i) title (N[2 + i] > 0 ? word(methods, i) : "")
  unset multiplot
}
