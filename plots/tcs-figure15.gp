# tcs-figure15.gp - tcs Figure 15: the CUDA-core method's counter-measured arithmetic intensity
# against fusion depth (points; open diamonds: throttled rows, samples below 75 % of the max SM
# clock), its least-squares line (solid, from stencil-render's fit) and the
# model's I = 2Kt / 2D (dashed), per precision. Reads data=plots/out/tcs-figure15.csv and
# fit=plots/out/tcs-figure15-fit.csv by column name, and its title from plots/out/tcs-figure15.vars,
# which make loads; writes out.png and out.svg.
set datafile separator ','
set datafile columnheaders
stencils = "box2d1r star2d1r box3d1r star3d1r"
colors = "#1b9e77 #d95f02 #7570b3 #e7298a"
sel(st, dt) = (strcol("stencil") eq st && strcol("dtype") eq dt)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1300,520 font ",10" noenhanced } \
  else { set terminal svg size 1300,520 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 1,2 title title."\npoints: counter-measured (open diamonds: throttled); solid: least-squares fit; dashed: model 2Kt / 2D"
  do for [dt in "fp32 fp64"] {
    set title dt
    set xlabel "fusion depth t"
    set ylabel "arithmetic intensity (FLOP/byte, log scale)"
    set logscale y
    set xrange [0.5:8.5]
    set key outside right top vertical font ",9"
    set grid xtics ytics mytics
    plot for [i=1:words(stencils)] data using (sel(word(stencils,i), dt) && column("throttled") == 0 ? column("fusion") : NaN):(column("I_measured")) \
           with points pt 7 ps 1.4 lc rgb word(colors,i) title word(stencils,i)." measured", \
         for [i=1:words(stencils)] data using (sel(word(stencils,i), dt) && column("throttled") == 1 ? column("fusion") : NaN):(column("I_measured")) \
           with points pt 12 ps 2 lw 2 lc rgb word(colors,i) notitle, \
         keyentry with points pt 12 ps 2 lw 2 lc rgb "black" title "throttled sample(s)", \
         for [i=1:words(stencils)] fit using (sel(word(stencils,i), dt) ? column("fusion") : NaN):(column("I_fit")) \
           with lines lw 2 lc rgb word(colors,i) title word(stencils,i)." fit", \
         for [i=1:words(stencils)] data using (sel(word(stencils,i), dt) ? column("fusion") : NaN):(column("I_model")) \
           with lines dashtype 2 lw 1 lc rgb word(colors,i) notitle
  }
  unset multiplot
}
