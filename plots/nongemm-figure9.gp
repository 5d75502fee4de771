# nongemm-figure9.gp - nongemm Figure 9 on this GPU: the preprocessing time of cuSPARSE
# (cusparseSpMV_preprocess) and of the DASP-style tensor-core SpMV (its blocked layout built on the
# host and uploaded) against the matrix's non-zeros; left in milliseconds, right in SpMVs of the same
# method; the paper prints no value of its Figure 9 (the title says so). Reads
# data=plots/out/nongemm-figure9.csv by column name and the title from
# plots/out/nongemm-figure9.vars; writes out.png and out.svg. Make target: nongemm-figure9.
set datafile separator ','
set datafile columnheaders
methods = "spmv-cusparse:preprocess spmv-dasp"
colors = "#1b9e77 #d95f02"
sel(i) = (strcol("method") eq word(methods, i))
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1400,600 font ",10" noenhanced } \
  else { set terminal svg size 1400,600 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 1,2 title title."\nhost clock around the preprocessing, synchronised; paper values: not printed (the paper shows this figure as a picture only)"
  set logscale xy 10
  set xlabel "non-zeros (log scale)"
  set grid xtics ytics
  set autoscale xfix
  set key top left opaque box
  set title "preprocessing time"
  set ylabel "ms (log scale)"
  plot for [i=1:2] data using (sel(i) ? column("nnz") : NaN):(column("preprocess_ms")) \
         with points pt 7 ps 1 lc rgb word(colors, i) title word(methods, i)
  set title "preprocessing in SpMVs of the same method"
  set ylabel "preprocessing / one SpMV (log scale)"
  plot for [i=1:2] data using (sel(i) ? column("nnz") : NaN):(column("preprocess_spmvs")) \
         with points pt 7 ps 1 lc rgb word(colors, i) title word(methods, i)
  unset multiplot
}
