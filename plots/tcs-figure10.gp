# tcs-figure10.gp - tcs Figure 10 (theory part): the model's arithmetic intensity of the CUDA-core
# method against fusion depth, with each GPU's CUDA-core ridge point (memory- vs compute-bound).
# Reads model=... (stencil-model --experiment experiments/tcs-figure10.csv --gpu A,B,C) by column
# name; writes out.png and out.svg. Make target: tcs-figure10.
set datafile separator ','
set datafile columnheaders
stencils = "box2d1r box2d2r star2d1r star2d2r box3d1r box3d2r star3d1r star3d2r"
gpus = "A100-PCIe-80GB H100-SXM H200"
first = word(gpus, 1)
sel(st, dt, g) = (strcol("stencil") eq st && strcol("dtype") eq dt && strcol("gpu") eq g)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1400,560 font ",10" noenhanced } \
  else { set terminal svg size 1400,560 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 1,2 title "tcs Figure 10 (model): arithmetic intensity of temporally fused CUDA-core stencils vs fusion depth; dashed: CUDA-core ridge points (box2d1r and star2d2r both have K = 9 and coincide)"
  do for [ty in "fp32 fp64"] {
    set title ty." (D = ".(ty eq "fp32" ? "4" : "8")." bytes)"
    set xlabel "fusion depth t (time steps per launch)"
    set ylabel "arithmetic intensity I = 2Kt / 2D (FLOP/byte)"
    set logscale y
    set xrange [0.8:8.2]
    set yrange [0.5:30000]
    set key inside left top horizontal maxcols 3 box opaque font ",9"
    set grid ytics mytics xtics
    plot for [i=1:words(stencils)] model using (sel(word(stencils,i), ty, first) ? column("fusion") : NaN):(column("I")) \
           with linespoints lw 2 pt (i+3) ps (i == 1 ? 2 : 1) title word(stencils,i), \
         for [j=1:words(gpus)] model using (sel("box2d1r", ty, word(gpus,j)) ? column("fusion") : NaN):(column("ridge")) \
           with lines dashtype 1+j lw 2 lc rgb word("#b2182b #ef8a62 #2166ac", j) title "ridge ".word(gpus,j)
  }
  unset multiplot
}
