# nongemm-figure10.gp - nongemm Figure 10 on this GPU: the DASP-style tensor-core SpMV over cuSPARSE
# against the matrix's non-zeros, in the original setting (fixed-count timing from an idle GPU,
# cuSPARSE without preprocessing) and the improved one (the protocol's warm-up, cuSPARSE
# after cusparseSpMV_preprocess), with the paper's thresholds (dotted, the non-zeros of section 5.2)
# and its geometric means as black-edged stars in the setting's colour: before (printed twice, in
# section 5.2 and in the caption, with two values: both drawn, side by side) and after over every
# matrix, at the middle of the matrices' non-zeros, and after over the matrices above its lower
# threshold, at the middle of theirs (its points are not printed). Both axes padded around every
# point, star and threshold, so that none sits on the frame; non-zeros in SI prefixes (1k, 1M);
# the key, under the axes, names only what is drawn (without a measured run: the thresholds and
# stars over the matrices' rows, the middle of the axis standing for the matrices' non-zeros). Reads
# data=plots/out/nongemm-figure10.csv by column name, the title from
# plots/out/nongemm-figure10.vars and data/paper/nongemm-spmv.csv by column name; writes out.png
# and out.svg. Make target: nongemm-figure10.
set datafile separator ','
set datafile columnheaders
paper = 'data/paper/nongemm-spmv.csv'
colors = "#1b9e77 #d95f02"   # improved, original
q(name) = (strcol("quantity") eq name)
stats paper using (q("small_nnz") ? column("value") : NaN) nooutput
small = STATS_max
stats paper using (q("large_nnz") ? column("value") : NaN) nooutput
large = STATS_max
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
hi(m, v) = (v > m ? v : m)
lo(m, v) = (v < m ? v : m)
# each setting's points (its key entry) and the range of the points, thresholds and stars
settings = "speedup_improved speedup_original"
array N[2]
xmin = lo(small, large); xmax = hi(small, large); ymin = 1; ymax = 1
do for [i=1:2] {
  N[i] = 0
  stats data using (num("nnz") > 0 && num(word(settings, i)) > 0 ? (N[i] = N[i] + 1, \
    xmin = lo(xmin, column("nnz")), xmax = hi(xmax, column("nnz")), \
    ymin = lo(ymin, column(word(settings, i))), ymax = hi(ymax, column(word(settings, i)))) : 0) nooutput
}
nmeas = N[1] + N[2]
# no points (no measured run): an axis over the matrices' rows too (their non-zeros are the run's)
if (nmeas == 0) {
  stats data using (num("rows") > 0 ? (xmin = lo(xmin, column("rows")), xmax = hi(xmax, column("rows"))) : 0) nooutput
}
stats paper using (strstrt(strcol("quantity"), "dasp_speedup") == 1 ? (ymin = lo(ymin, column("value")), ymax = hi(ymax, column("value"))) : 0) nooutput
xmin = xmin / 1.6; xmax = xmax * 1.6
# at least 1/2 to 2 (labelled ticks either side of 1), and room around every point
ymin = lo(ymin / 1.15, 0.5); ymax = hi(ymax * 1.15, 2)
# the middle (geometric) of every matrix's non-zeros, and of those above the paper's threshold
# (without matrices: of the axis, and of the axis above the threshold)
xall = sqrt(xmin * xmax); xlarge = sqrt(large * xmax)
ndone = 0
stats data using (num("nnz") > 0 ? (ndone = ndone + 1) : 0) nooutput
if (ndone > 0) { stats data using (num("nnz") > 0 ? log(column("nnz")) : NaN) nooutput; xall = exp(STATS_mean) }
ndone = 0
stats data using (num("nnz") > large ? (ndone = ndone + 1) : 0) nooutput
if (ndone > 0) { stats data using (num("nnz") > large ? log(column("nnz")) : NaN) nooutput; xlarge = exp(STATS_mean) }
# each geometric mean's place and setting (1: improved, 2: original)
px(x) = q("dasp_speedup_before") ? xall / 1.6 : q("dasp_speedup_before_caption") ? xall * 1.6 : \
       q("dasp_speedup_after") ? xall : q("dasp_speedup_after_over_1000") ? xlarge : NaN
pset(i) = (i == 2) == (strstrt(strcol("quantity"), "before") > 0)
# the papers' values: a star of the setting's colour edged in black
star = "★"; edge = "☆"; sfont = ",16"
W = 1400; H = 660
sub1 = "above 1: the tensor-core SpMV is faster; dotted: the paper's thresholds (non-zeros, section 5.2)"
sub2 = "stars: the paper's geometric means (its points are not printed), ".(nmeas > 0 ? "at the middle of the matrices they cover" : "at the middle of the axis (no measured run: no points, no matrices' non-zeros)")
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
  set xlabel "non-zeros (log scale)"
  set ylabel "cuSPARSE time / DASP-style time"
  set grid xtics ytics
  set xrange [xmin:xmax]
  set yrange [ymin:ymax]
  set format x "%.0s%c"
  set format y "%g"
  set key below horizontal maxrows 2 box   # under the axes: clear of the points
  set bmargin 7
  set arrow 1 from small, graph 0 to small, graph 1 nohead dt 3 lc rgb "gray40"
  set arrow 2 from large, graph 0 to large, graph 1 nohead dt 3 lc rgb "gray40"
  plot data using "nnz":"speedup_original" with points pt 6 ps 1.1 lc rgb word(colors, 2) title (N[2] > 0 ? "original setting" : ""), \
       data using "nnz":"speedup_improved" with points pt 7 ps 1.1 lc rgb word(colors, 1) title (N[1] > 0 ? "improved setting" : ""), \
       1 with lines lc rgb "black" dt 2 notitle, \
       for [i=1:2] paper using (pset(i) ? px(0) : NaN):(column("value")):(star) with labels font sfont textcolor rgb word(colors, i) notitle, \
       for [i=1:2] paper using (pset(i) ? px(0) : NaN):(column("value")):(edge) with labels font sfont textcolor rgb "black" notitle, \
       for [i=1:2] paper using (pset(i) ? px(0) : NaN):(column("value")):(sprintf("%.2f%s", column("value"), strstrt(strcol("quantity"), "caption") > 0 ? " (caption)" : "")) \
         with labels left offset 1.3,0 font ",9" textcolor rgb word(colors, i) notitle, \
       keyentry with points pt star ps 1.5 lc rgb word(colors, 2) title "paper, original setting (section 5.2, caption)", \
       keyentry with points pt star ps 1.5 lc rgb word(colors, 1) title sprintf("paper, improved setting (all; above %.0f non-zeros)", large)
}
