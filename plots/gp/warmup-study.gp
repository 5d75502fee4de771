# warmup-study.gp - the warm-up study (no paper item: the harness's own protocol): above, each
# kernel's rate after each warm-up from an idle GPU over its rate after the longest, against the
# warm-up (log scale), one line a kernel, with 1 and the band of the study's claims (dashed; none
# when no claim reads the study); below, the same kernels' SM clock (the samples' median) against
# the warm-up. Without a measured run: empty panels saying so. The key, one entry a kernel with
# points, sits right of both panels. Reads data=plots/out/warmup-study.csv (one row a kernel: the
# columns rel_Ws and clock_Ws for each warm-up W) by column name, and the title, the warm-ups,
# the reference, the kernels' count and the band from plots/out/warmup-study.vars; writes out.png
# and out.svg. Make target: warmup-study.
set datafile separator ','
set datafile columnheaders
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #666666 #1f78b4 #b2df8a #fb9a99 #cab2d6"
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
hi(m, v) = (v > m ? v : m)
lo(m, v) = (v < m ? v : m)
nw = words(warmups)
nk = (nkernels > 0 ? nkernels : 1)
array W[nw]
do for [j=1:nw] { W[j] = real(word(warmups, j)) }
# each kernel's name, and its relative rate and SM clock at each warm-up (kernel i, warm-up j at
# (i - 1) nw + j), from the kernels' rows
array K[nk]
array R[nk * nw]
array C[nk * nw]
do for [i=1:nk] { K[i] = "" }
stats data using (K[int($0) + 1] = strcol("kernel"), 0) nooutput
do for [j=1:nw] {
  stats data using (R[int($0) * nw + j] = num("rel_".word(warmups, j)."s"), \
    C[int($0) * nw + j] = num("clock_".word(warmups, j)."s"), 0) nooutput
}
# the ranges: every drawn value with room around it; the kernels with points (their key entries)
array N[nk]
rmin = 1 - band; rmax = 1 + band; cmin = 1e300; cmax = 0
do for [i=1:nk] {
  N[i] = 0
  do for [j=1:nw] {
    r = R[(i - 1) * nw + j]; c = C[(i - 1) * nw + j]
    if (r == r) { N[i] = N[i] + 1; rmin = lo(rmin, r); rmax = hi(rmax, r) }
    if (c == c) { cmin = lo(cmin, c); cmax = hi(cmax, c) }
  }
}
nmeas = sum [i=1:nk] N[i]
if (rmin == rmax) { rmin = 0.9; rmax = 1.05 }
if (cmax <= 0) { cmin = 0; cmax = 2000 }
pad = (rmax - rmin) * 0.08; rmin = rmin - pad; rmax = rmax + pad
cpad = hi((cmax - cmin) * 0.1, 20); cmin = cmin - cpad; cmax = cmax + cpad
# the series, one block a kernel (warm-up, relative rate, clock), for the plot's index
set print $series
do for [i=1:nk] {
  do for [j=1:nw] { print sprintf("%g,%g,%g", W[j], R[(i - 1) * nw + j], C[(i - 1) * nw + j]) }
  print ""; print ""
}
set print
set datafile nocolumnheaders
xmin = W[1] / 1.5; xmax = W[nw] * 1.5
W = 1300; H = 950
sub1 = "no paper item (the harness's own study): each row after an idle pause, then a warm-up of its own kernel".(nmeas > 0 ? "" : "; no measured run: no points")
load 'plots/gp/common.gp'
# the panels start under the title's lines
top = below(nsub)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  set multiplot
  eval frame_on
  set logscale x 10
  set xrange [xmin:xmax]
  set xtics (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10)
  set format x "%g"
  set grid xtics ytics
  set lmargin at screen 0.08
  set rmargin at screen 0.70
  if (nmeas > 0) { set key at screen 0.72, screen top left top opaque box font ",9" title "kernel (one line each)" } \
  else { unset key }
  # above: the rate over the longest warm-up's
  set tmargin at screen top
  set bmargin at screen 0.42
  set format x ""
  unset xlabel
  set yrange [rmin:rmax]
  set ylabel "rate after the warm-up / rate after ".reference." s"
  plot for [i=1:nk] $series index (i - 1) using 1:2 with linespoints pt (4 + i % 10) ps 1.1 lw 1.5 \
         lc rgb word(colors, (i - 1) % 12 + 1) title (N[i] > 0 ? K[i] : ""), \
       1 with lines lc rgb "black" dt 1 notitle, \
       (band > 0 ? 1 + band : NaN) with lines lc rgb "black" dt 2 title (band > 0 ? sprintf("the claims' band: within %g %% of 1", 100 * band) : ""), \
       (band > 0 ? 1 - band : NaN) with lines lc rgb "black" dt 2 notitle
  eval frame_off
  # below: the SM clock
  unset key
  set tmargin at screen 0.38
  set bmargin at screen 0.08
  set format x "%g"
  set xlabel "warm-up of the row's own kernel (s, log scale)"
  set yrange [cmin:cmax]
  set ylabel "SM clock (MHz, the samples' median)"
  plot for [i=1:nk] $series index (i - 1) using 1:3 with linespoints pt (4 + i % 10) ps 1.1 lw 1.5 \
         lc rgb word(colors, (i - 1) % 12 + 1) notitle
  unset multiplot
}
