# tcs-figure14.gp - tcs Figure 14: sparse tensor cores widen the sweet spot. For SPIDER's
# transformation, the work inflation rho/sigma of the tensor-core kernel against fusion depth, and
# the bound of eq. 19 (rho < sigma pi_TC/pi_CC, i.e. rho/sigma < pi_TC/pi_CC) for dense and sparse
# tensor cores; filled points are in the sweet spot. Reads model=... (stencil-model --experiment
# experiments/tcs-figure14.csv) by column name; writes out.png and out.svg. Target: tcs-figure14.
set datafile separator ','
set datafile columnheaders
stencils = "box2d1r star2d1r box3d1r"
sel(g, st, m) = (strcol("gpu") eq g && strcol("stencil") eq st && strcol("method") eq m)
yes(g, st, m) = sel(g, st, m) && strcol("sweet_spot") eq "yes"
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1400,560 font ",10" noenhanced } \
  else { set terminal svg size 1400,560 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 1,2 title "tcs Figure 14 (model): SPIDER (fp32 data, tf32 math) vs the CUDA-core method; lines: eq. 19 bound pi_TC/pi_CC; filled points: in the sweet spot on sparse TC (needs a compute-bound CUDA-core kernel: scenarios 3-4)"
  do for [g in "A100-PCIe-80GB H200"] {
    set title g
    set xlabel "fusion depth t"
    set ylabel "work inflation rho/sigma of the tensor-core kernel"
    set logscale y
    set xrange [0.8:8.2]
    set yrange [1:200]
    set key inside left top box opaque
    set grid
    plot for [i=1:words(stencils)] model using (sel(g, word(stencils,i), "spider") ? column("fusion") : NaN):(column("inflation")) \
           with lines lw 2 lc i title word(stencils,i), \
         for [i=1:words(stencils)] model using (yes(g, word(stencils,i), "spider") ? column("fusion") : NaN):(column("inflation")) \
           with points pt 7 ps 1.3 lc i notitle, \
         model using (sel(g, "box2d1r", "spider") ? column("fusion") : NaN):(column("peak_ratio")) with lines dt 2 lw 2 lc rgb "black" title "sparse TC: pi_SpTC/pi_CC", \
         model using (sel(g, "box2d1r", "spider-dense") ? column("fusion") : NaN):(column("peak_ratio")) with lines dt 3 lw 2 lc rgb "black" title "dense TC: pi_TC/pi_CC"
  }
  unset multiplot
}
