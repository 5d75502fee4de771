# tcs-figure10.gp - tcs Figure 10: the model's arithmetic intensity of the CUDA-core method against
# fusion depth, with each datasheet GPU's CUDA-core ridge point and, from a run, this GPU's measured
# ridge (dotted) and the counter-measured AI of ebisu at each depth (black points; throttled rows,
# samples below 75 % of the max SM clock, as open red diamonds). Its title then ends with the
# rendered tcs-figure15's (GPU, run, commits, dirty tree: title= of plots/out/tcs-figure15.vars,
# which make loads). Reads
# model=... (stencil-model --experiment experiments/tcs-figure10.csv), measured=plots/out/
# tcs-figure15.csv and fit=plots/out/tcs-figure15-fit.csv (both '' for the model-only figure) by
# column name; writes out.png and out.svg. Make target: tcs-figure10.
set datafile separator ','
set datafile columnheaders
stencils = "box2d1r box2d2r star2d1r star2d2r box3d1r box3d2r star3d1r star3d2r"
gpus = "A100-PCIe-80GB H100-SXM H200"
first = word(gpus, 1)
sel(st, dt, g) = (strcol("stencil") eq st && strcol("dtype") eq dt && strcol("gpu") eq g)
msel(st, dt) = (strcol("stencil") eq st && strcol("dtype") eq dt)
base = 'for [i=1:words(stencils)] model using (sel(word(stencils,i), ty, first) ? column("fusion") : NaN):(column("I")) with linespoints lw 2 pt (i+3) ps (i == 1 ? 2 : 1) title word(stencils,i), for [j=1:words(gpus)] model using (sel("box2d1r", ty, word(gpus,j)) ? column("fusion") : NaN):(column("ridge")) with lines dashtype 1+j lw 2 lc rgb word("#b2182b #ef8a62 #2166ac", j) title "ridge ".word(gpus,j)'
mstencils = "box2d1r star2d1r box3d1r star3d1r"
mpts = "4 6 8 10"
meas = 'for [i=1:words(mstencils)] measured using (msel(word(mstencils,i), ty) && column("throttled") == 0 ? column("fusion") : NaN):(column("I_measured")) with points pt int(word(mpts,i)) ps 2 lc rgb "black" title word(mstencils,i)." measured", measured using (column("throttled") == 1 && strcol("dtype") eq ty ? column("fusion") : NaN):(column("I_measured")) with points pt 12 ps 2.5 lw 2 lc rgb "#d62728" notitle, keyentry with points pt 12 ps 2.5 lw 2 lc rgb "#d62728" title "throttled sample(s)", fit using (msel("box2d1r", ty) ? column("fusion") : NaN):(column(ty eq "fp32" ? "ridge_fp32" : "ridge_fp64")) with lines dashtype 3 lw 3 lc rgb "black" title "ridge, this run"'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1400,560 font ",10" noenhanced } \
  else { set terminal svg size 1400,560 font ",10" noenhanced }
  set output out.".".fmt
  run_title = measured ne "" && exists("title") ? title : ""
  set multiplot layout 1,2 title "tcs Figure 10: arithmetic intensity of temporally fused CUDA-core stencils vs fusion depth; dashed: CUDA-core ridge points".(measured ne "" ? "; black: measured on this run's GPU\n".run_title : " (model only)")
  do for [ty in "fp32 fp64"] {
    set title ty." (D = ".(ty eq "fp32" ? "4" : "8")." bytes)"
    set xlabel "fusion depth t (time steps per launch)"
    set ylabel "arithmetic intensity I = 2Kt / 2D (FLOP/byte)"
    set logscale y
    set xrange [0.8:8.2]
    set yrange [0.5:30000]
    set key inside left top horizontal maxcols 3 box opaque font ",9"
    set grid ytics mytics xtics
    eval("plot ".base.(measured ne "" ? ", ".meas : ""))
  }
  unset multiplot
}
