# nongemm-figure10.gp - nongemm Figure 10 on this GPU: the DASP-style tensor-core SpMV over cuSPARSE
# against the matrix's non-zeros, in the original setting (fixed-count timing from an idle GPU,
# cuSPARSE without preprocessing) and the improved one (the 1-second warm-up protocol, cuSPARSE
# after cusparseSpMV_preprocess). Reads data=plots/out/nongemm-figure10.csv by column name and the
# title from plots/out/nongemm-figure10.vars; writes out.png and out.svg. Make target:
# nongemm-figure10.
set datafile separator ','
set datafile columnheaders
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1000,600 font ",10" noenhanced } \
  else { set terminal svg size 1000,600 font ",10" noenhanced }
  set output out.".".fmt
  set title title."\nabove 1: the tensor-core SpMV is faster; dotted: 1,000 and 10,000 non-zeros (the paper's thresholds)"
  set logscale x 10
  set logscale y 2
  set xlabel "non-zeros (log scale)"
  set ylabel "cuSPARSE time / DASP-style time"
  set grid xtics ytics
  set autoscale xfix
  set key top right opaque box
  set arrow 1 from 1000, graph 0 to 1000, graph 1 nohead dt 3 lc rgb "gray40"
  set arrow 2 from 10000, graph 0 to 10000, graph 1 nohead dt 3 lc rgb "gray40"
  plot data using "nnz":"speedup_original" with points pt 6 ps 1.1 lc rgb "#d95f02" title "original setting", \
       data using "nnz":"speedup_improved" with points pt 7 ps 1.1 lc rgb "#1b9e77" title "improved setting", \
       1 with lines lc rgb "black" dt 2 notitle
}
