# tcs-figure14.gp - tcs Figure 14: sparse tensor cores widen the sweet spot. For SPIDER's
# transformation, the work inflation rho/sigma of the tensor-core kernel against fusion depth, and
# the bound of eq. 19 (rho < sigma pi_TC/pi_CC, i.e. rho/sigma < pi_TC/pi_CC) for dense and sparse
# tensor cores; filled points are in the sweet spot. The paper's values, as black-edged stars at
# their depth: SPIDER's rho/sigma where it prints it (tcs Table 2's rho and sigma; tcs Table 3's
# I_TC / I_CC of its SPIDER cases, in the stencil's colour) and, in the A100 panel, the bounds its
# ridge points give (pi_TC/pi_CC = ridge_TC/ridge_CC at one bandwidth: tcs Table 3's sparse and
# tcs Table 4's dense ridge over Table 3's CUDA-core one, black and white). The figure is model
# only: its title names the datasheet GPUs. Reads model=... (stencil-model --experiment
# experiments/tcs-figure14.csv) and data/paper/tcs-table2.csv, tcs-table3.csv and tcs-table4.csv
# by column name; writes out.png and out.svg. Make target: tcs-figure14.
set datafile separator ','
set datafile columnheaders
stencils = "box2d1r star2d1r box3d1r"
sel(g, st, m) = (strcol("gpu") eq g && strcol("stencil") eq st && strcol("method") eq m)
yes(g, st, m) = sel(g, st, m) && strcol("sweet_spot") eq "yes"
t2 = 'data/paper/tcs-table2.csv'
t3 = 'data/paper/tcs-table3.csv'
t4 = 'data/paper/tcs-table4.csv'
gpus = "A100-PCIe-80GB H200"
paper_gpu = "A100-PCIe-80GB"   # the GPU of the paper's tables (its A100-80GB PCIe)
colors = "#1b9e77 #d95f02 #7570b3"
spider(st) = (strcol("method") eq "spider" && strcol("stencil") eq st)
# a case's CUDA-core row of tcs Table 3, kept for its SPIDER row, which follows it (drawn a fifth of
# a step right of its depth, Table 2's a fifth left: clear of each other and of the bounds)
p_icc = NaN
keep_cc(x) = (p_icc = column("I"), NaN)
case_t(st) = (strcol("unit") eq "cc" ? keep_cc(0) : spider(st) ? column("fusion") + 0.2 : NaN)
# the CUDA-core ridge the paper prints for its fp32 cases (tcs Table 3), for the bounds
stats t3 using (strcol("unit") eq "cc" && strcol("dtype") eq "fp32" ? column("ridge") : NaN) nooutput
ridge_cc = STATS_max
bound_t(x) = (g eq paper_gpu && strcol("dtype") eq "fp32" && strcol("unit") ne "cc" ? column("fusion") : NaN)
# the papers' values: a star of the stencil's colour (bounds: black sparse, white dense) edged in black
star = "★"; edge = "☆"; sfont = ",16"
title = "tcs Figure 14: SPIDER's work inflation against fusion depth (model only)"
model_footer = "model only: datasheet GPUs ".gpus." (data/hw/gpus.csv); no run"
W = 1400; H = 600
sub1 = "SPIDER (fp32 data, tf32 math) vs the CUDA-core method; lines: eq. 19 bound pi_TC/pi_CC; filled points: in the sweet spot on sparse TC (needs a compute-bound CUDA-core kernel: scenarios 3-4)"
sub2 = "stars: the paper's values at their depth (A100): SPIDER's rho/sigma (tcs Table 2) and I_TC / I_CC (Table 3) in the stencil's colour; the bounds from its ridges (Tables 3, 4): black sparse, white dense"
load 'plots/gp/common.gp'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  # two panels under the title's lines and their own titles, their x labels above the footer
  set multiplot layout 1,2 margins 0.06, 0.98, floor + 64.0 / H, panel_top(nsub) spacing 0.08
  eval frame_on
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
           with lines lw 2 lc rgb word(colors,i) title word(stencils,i), \
         for [i=1:words(stencils)] model using (yes(g, word(stencils,i), "spider") ? column("fusion") : NaN):(column("inflation")) \
           with points pt 7 ps 1.3 lc rgb word(colors,i) notitle, \
         model using (sel(g, "box2d1r", "spider") ? column("fusion") : NaN):(column("peak_ratio")) with lines dt 2 lw 2 lc rgb "black" title "sparse TC: pi_SpTC/pi_CC", \
         model using (sel(g, "box2d1r", "spider-dense") ? column("fusion") : NaN):(column("peak_ratio")) with lines dt 3 lw 2 lc rgb "black" title "dense TC: pi_TC/pi_CC", \
         for [i=1:words(stencils)] t2 using (spider(word(stencils,i)) ? column("fusion") - 0.2 : NaN):(column("rho") / column("sigma")):(star) \
           with labels font sfont textcolor rgb word(colors,i) notitle, \
         for [i=1:words(stencils)] t2 using (spider(word(stencils,i)) ? column("fusion") - 0.2 : NaN):(column("rho") / column("sigma")):(edge) \
           with labels font sfont textcolor rgb "black" notitle, \
         for [i=1:words(stencils)] t3 using (case_t(word(stencils,i))):(column("I") / p_icc):(star) \
           with labels font sfont textcolor rgb word(colors,i) notitle, \
         for [i=1:words(stencils)] t3 using (case_t(word(stencils,i))):(column("I") / p_icc):(edge) \
           with labels font sfont textcolor rgb "black" notitle, \
         keyentry with points pt star ps 1.5 lc rgb word(colors,1) title "paper: rho/sigma (Table 2), I_TC / I_CC (Table 3)", \
         t3 using (strcol("unit") eq "sptc" ? bound_t(0) : NaN):(column("ridge") / ridge_cc):(star) with labels font sfont textcolor rgb "black" notitle, \
         t4 using (strcol("unit") eq "tc" ? bound_t(0) : NaN):(column("ridge") / ridge_cc):(star) with labels font sfont textcolor rgb "white" notitle, \
         t4 using (strcol("unit") eq "tc" ? bound_t(0) : NaN):(column("ridge") / ridge_cc):(edge) with labels font sfont textcolor rgb "black" notitle, \
         keyentry with points pt star ps 1.5 lc rgb "black" title (g eq paper_gpu ? "paper: sparse bound (Table 3 ridges)" : ""), \
         keyentry with points pt edge ps 1.5 lc rgb "black" title (g eq paper_gpu ? "paper: dense bound (Table 4 ridge / Table 3)" : "")
    eval frame_off
  }
  unset multiplot
}
