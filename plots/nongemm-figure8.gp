# nongemm-figure8.gp - nongemm Figure 8 on this GPU: cuSPARSE SpMV (fp64 CSR) without preprocessing
# over with cusparseSpMV_preprocess, against the matrix's non-zeros, one point a matrix, a colour a
# family; the paper prints no value of its Figure 8 (the title says so). Reads
# data=plots/out/nongemm-figure8.csv by column name and the title from
# plots/out/nongemm-figure8.vars; writes out.png and out.svg. Make target: nongemm-figure8.
set datafile separator ','
set datafile columnheaders
fams = "poisson2d poisson3d banded powerlaw mm"
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #333333"
fam(i) = (word(fams, i) eq "mm" ? strcol("matrix")[1:3] eq "mm:" : strcol("matrix") eq word(fams, i))
sel(i) = fam(i) && strcol("status") eq "verified"
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1000,600 font ",10" noenhanced } \
  else { set terminal svg size 1000,600 font ",10" noenhanced }
  set output out.".".fmt
  set title title."\ncusparseSpMV (CUSPARSE_SPMV_ALG_DEFAULT), hot after the 1-second warm-up\npaper values: not printed (the paper shows this figure as a picture only)"
  set logscale x 10
  set xlabel "non-zeros (log scale)"
  set ylabel "time without / with cusparseSpMV_preprocess"
  set grid xtics ytics
  set autoscale xfix
  set key top right opaque box
  plot for [i=1:words(fams)] data using (sel(i) ? column("nnz") : NaN):(column("speedup")) \
         with points pt 7 ps 1.1 lc rgb word(colors, i) title word(fams, i), \
       1 with lines lc rgb "black" dt 2 notitle
}
