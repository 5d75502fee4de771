# tcs-figure10.gp - tcs Figure 10: the model's arithmetic intensity of the CUDA-core method
# (I = 2Kt / 2D, tcs eq. 8) against fusion depth for eight stencils (coloured lines), with each
# datasheet GPU's CUDA-core ridge point (dashed, one colour and dash a GPU), one panel a precision
# and one key for the figure under them; the paper's values on the A100 as black-edged stars: the
# analytic I of tcs Table 3's CUDA-core rows (white, on the model line), the ncu-measured I of tcs
# Table 2 (black) and the ridge points Table 3 prints (filled with the A100 ridge's colour), each
# at its row's depth. From a run also the counter-measured AI of ebisu at each depth (black points,
# a colour no model line uses; throttled rows, as the table's footer defines them, as open
# diamonds) and this run's measured ridge (black, dotted), the title naming the run's GPU and the
# footer its run, commits and protocol (title_gpu= and footer= of plots/out/tcs-figure15.vars,
# which make loads; the frame: plots/gp/common.gp); without one (measured=''
# or measured_run = 0 in those .vars: rendered with no run) the title says model only and names the
# datasheet GPUs, and neither the points, the ridge nor their key entries are drawn (the key names
# only what is drawn). Reads model=... (stencil-model --experiment
# experiments/tcs-figure10.csv), measured=plots/out/tcs-figure15.csv and
# fit=plots/out/tcs-figure15-fit.csv (both '' for the model-only figure) and
# data/paper/tcs-table2.csv and tcs-table3.csv by column name; writes out.png and out.svg. Make
# target: tcs-figure10.
set datafile separator ','
set datafile columnheaders
t2 = 'data/paper/tcs-table2.csv'
t3 = 'data/paper/tcs-table3.csv'
stencils = "box2d1r box2d2r star2d1r star2d2r box3d1r box3d2r star3d1r star3d2r"
colors = "#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #17becf"
gpus = "A100-PCIe-80GB H100-SXM H200"
rcolors = "#b2182b #5e3c99 #2166ac"
rdash = "2 4 5"
first = word(gpus, 1)
sel(st, dt, g) = (strcol("stencil") eq st && strcol("dtype") eq dt && strcol("gpu") eq g)
msel(st, dt) = (strcol("stencil") eq st && strcol("dtype") eq dt)
drawn(st) = (strstrt(" ".stencils." ", " ".st." ") > 0)
cc(dt) = (strcol("method") eq "ebisu" && strcol("dtype") eq dt)
mstencils = "box2d1r star2d1r box3d1r star3d1r"
mpts = "4 6 8 10"
# a run: its ceilings' ridge; its counter-measured rows: the points (none without counters)
run = (measured ne "") && (!exists("measured_run") || measured_run)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
npts = 0; nthr = 0
if (run) {
  stats measured using (num("I_measured") > 0 ? (npts = npts + 1, nthr = nthr + (column("throttled") == 1)) : 0) nooutput
}
# the papers' values: a star (filled: measured, white: analytic) edged in black
star = "★"; edge = "☆"; sfont = ",16"
# the title: the figure on the run's GPU (tcs-figure15.vars' title_gpu), or the model's GPUs; the
# footer: the run's (tcs-figure15.vars'), or the model's
title = "tcs Figure 10: arithmetic intensity of temporally fused CUDA-core stencils against fusion depth".\
  (run && exists("title_gpu") ? " on ".title_gpu : " (model only)")
model_footer = "model only: datasheet GPUs ".gpus." (data/hw/gpus.csv); no run"
if (!run) { footer = model_footer }
sub1 = "lines: the model I = 2Kt / 2D (box2d1r and star2d2r, both K = 9, coincide); dashed: each datasheet GPU's CUDA-core ridge"
sub2 = (run ? "black: measured on this run's GPU (".(npts > 0 ? "points: ebisu's counter-measured AI; " : "")."dotted: the ridge of this run's measured ceilings)" : "")
sub3 = "stars: the paper on the A100 (tcs Tables 2 and 3: analytic I white, ncu-measured I black, ridge points red); the depths at which it finds stencils turn compute-bound are not printed in its text"
# the plot's parts, joined by eval (the measured part only from a run): the model's lines and the
# datasheet ridges; the run's points, throttled rows and ridge; the paper's stars
lines = 'for [i=1:words(stencils)] model using (sel(word(stencils,i), ty, first) ? column("fusion") : NaN):(column("I")) with linespoints lw 2 pt (i+3) ps 1.2 lc rgb word(colors,i) notitle, for [j=1:words(gpus)] model using (sel("box2d1r", ty, word(gpus,j)) ? column("fusion") : NaN):(column("ridge")) with lines dashtype int(word(rdash,j)) lw 3 lc rgb word(rcolors,j) notitle'
pts = 'for [i=1:words(mstencils)] measured using (msel(word(mstencils,i), ty) && column("throttled") == 0 ? column("fusion") : NaN):(column("I_measured")) with points pt int(word(mpts,i)) ps 2 lw 2 lc rgb "black" notitle, measured using (column("throttled") == 1 && strcol("dtype") eq ty ? column("fusion") : NaN):(column("I_measured")) with points pt 12 ps 2.5 lw 2 lc rgb "black" notitle, '
ridge = 'fit using (msel("box2d1r", ty) ? column("fusion") : NaN):(column(ty eq "fp32" ? "ridge_fp32" : "ridge_fp64")) with lines dashtype 3 lw 3 lc rgb "black" notitle'
meas = (npts > 0 ? pts : "").ridge
paper = 't3 using (cc(ty) ? column("fusion") : NaN):(column("ridge")):(star) with labels font sfont textcolor rgb word(rcolors,1) notitle, t3 using (cc(ty) ? column("fusion") : NaN):(column("ridge")):(edge) with labels font sfont textcolor rgb "black" notitle, t3 using (cc(ty) && drawn(strcol("stencil")) ? column("fusion") : NaN):(column("I")):(star) with labels font sfont textcolor rgb "white" notitle, t3 using (cc(ty) && drawn(strcol("stencil")) ? column("fusion") : NaN):(column("I")):(edge) with labels font sfont textcolor rgb "black" notitle, t2 using (cc(ty) && drawn(strcol("stencil")) ? column("fusion") + 0.2 : NaN):(column("I_measured")):(star) with labels font sfont textcolor rgb "black" notitle'
if (sub2 eq "") { sub2 = sub3; sub3 = "" }
W = 1400; H = 780
load 'plots/gp/common.gp'
# the panels start under the title's lines
top = panel_top(nsub)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  set multiplot
  eval frame_on
  do for [p=1:2] {
    ty = word("fp32 fp64", p)
    set lmargin at screen 0.06 + (p - 1) * 0.5
    set rmargin at screen 0.47 + (p - 1) * 0.5
    set tmargin at screen top
    set bmargin at screen 0.32
    set border; set tics; set key off
    set title ty." (D = ".(ty eq "fp32" ? "4" : "8")." bytes)"
    set xlabel "fusion depth t (time steps per launch)"
    set ylabel "arithmetic intensity I = 2Kt / 2D (FLOP/byte, log scale)"
    set logscale y
    set xrange [0.7:8.3]
    set yrange [0.5:*]
    set xtics 1, 1, 8
    set grid ytics mytics xtics
    eval("plot ".lines.(run ? ", ".meas : "").", ".paper)
    eval frame_off
  }
  # one key for both panels, under them
  set lmargin at screen 0.04
  set rmargin at screen 0.98
  set tmargin at screen 0.21
  set bmargin at screen floor
  unset border; unset tics; unset title; unset xlabel; unset ylabel; unset grid; unset logscale y
  set xrange [0:1]; set yrange [0:1]
  set key inside center top vertical Left reverse maxrows 8 font ",9" samplen 3 width 2
  plot 2 notitle, \
       for [i=1:words(stencils)] keyentry with linespoints lw 2 pt (i+3) ps 1.2 lc rgb word(colors,i) title word(stencils,i)." (model)", \
       for [j=1:words(gpus)] keyentry with lines dashtype int(word(rdash,j)) lw 3 lc rgb word(rcolors,j) title "ridge ".word(gpus,j)." (datasheet)", \
       for [i=1:words(mstencils)] keyentry with points pt int(word(mpts,i)) ps 2 lw 2 lc rgb "black" title (npts > 0 ? word(mstencils,i)." measured (this run)" : ""), \
       keyentry with points pt 12 ps 2.5 lw 2 lc rgb "black" title (nthr > 0 ? "throttled sample(s)" : ""), \
       keyentry with lines dashtype 3 lw 3 lc rgb "black" title (run ? "ridge, this run (measured ceilings)" : ""), \
       keyentry with points pt edge ps 1.5 lc rgb "black" title "paper: analytic I, A100 (tcs Table 3)", \
       keyentry with points pt star ps 1.5 lc rgb "black" title "paper: ncu-measured I, A100 (tcs Table 2)", \
       keyentry with points pt star ps 1.5 lc rgb word(rcolors,1) title "paper: A100 ridge point (tcs Table 3)"
  unset multiplot
}
