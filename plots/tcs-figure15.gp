# tcs-figure15.gp - tcs Figure 15: the CUDA-core method's (ebisu's) counter-measured arithmetic
# intensity against fusion depth (points; open diamonds: throttled rows, samples below 75 % of the
# max SM clock), its least-squares line (solid, R^2 in the key) and the model's I = 2Kt / 2D
# (dashed), one panel a precision with its key under it, and the paper's values on the A100 as
# black-edged stars: the ncu-measured I of tcs Table 2 (filled with the stencil's colour, a fifth
# of a step right of its depth, clear of this run's point) and the analytic I of tcs Table 3's
# CUDA-core rows (white, on the model line). The title says that counter FLOPs include the halo
# updates each fused block recomputes, which 2Kt / 2D leaves out. Reads data=plots/out/
# tcs-figure15.csv and fit=plots/out/tcs-figure15-fit.csv by column name, its title and each fit's
# R^2 (r2_STENCIL_DTYPE) from plots/out/tcs-figure15.vars, which make loads, and
# data/paper/tcs-table2.csv and tcs-table3.csv by column name; writes out.png and out.svg. Make
# target: tcs-figure15.
set datafile separator ','
set datafile columnheaders
t2 = 'data/paper/tcs-table2.csv'
t3 = 'data/paper/tcs-table3.csv'
stencils = "box2d1r star2d1r box3d1r star3d1r"
colors = "#1b9e77 #d95f02 #7570b3 #e7298a"
sel(st, dt) = (strcol("stencil") eq st && strcol("dtype") eq dt)
psel(st, dt) = (strcol("method") eq "ebisu" && sel(st, dt))
r2(st, dt) = value(sprintf("r2_%s_%s", st, dt))
fit_title(st, dt) = st.(r2(st, dt) == r2(st, dt) ? sprintf(", fit R^2 %.4f", r2(st, dt)) : ", no fit")
drawn(st) = (strstrt(" ".stencils." ", " ".st." ") > 0)
# the papers' values: a star of the series' colour (white: an analytic value) edged in black
star = "★"; edge = "☆"; sfont = ",16"
array NM[words(stencils)]
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1400,800 font ",10" noenhanced } \
  else { set terminal svg size 1400,800 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot title title."\npoints: counter-measured (open diamonds: throttled); solid: least-squares fit (R^2 in the key); dashed: model 2Kt / 2D; stars: the paper on the A100 (tcs Tables 2 and 3)\ncounter FLOPs include the redundant updates of temporal fusion (halo points each fused block recomputes, tcs section 5.2.4), which 2Kt / 2D leaves out: the measured I is inflated by that work"
  do for [p=1:2] {
    dt = word("fp32 fp64", p)
    do for [i=1:words(stencils)] {
      stats t2 using (psel(word(stencils,i), dt) && column("I_measured") == column("I_measured") ? 1 : 0) nooutput
      NM[i] = STATS_sum
    }
    stats t3 using (strcol("method") eq "ebisu" && strcol("dtype") eq dt && drawn(strcol("stencil")) ? 1 : 0) nooutput
    NA = STATS_sum
    # the panel
    set lmargin at screen 0.06 + (p - 1) * 0.5
    set rmargin at screen 0.47 + (p - 1) * 0.5
    set tmargin at screen 0.87
    set bmargin at screen 0.28
    set border; set tics; set key off
    set title dt
    set xlabel "fusion depth t"
    set ylabel "arithmetic intensity (FLOP/byte, log scale)"
    set logscale y
    set xrange [0.5:8.5]
    set yrange [*:*]
    set xtics 1, 1, 8
    set grid xtics ytics mytics
    plot for [i=1:words(stencils)] data using (sel(word(stencils,i), dt) && column("throttled") == 0 ? column("fusion") : NaN):(column("I_measured")) \
           with points pt 7 ps 1.4 lc rgb word(colors,i) notitle, \
         for [i=1:words(stencils)] data using (sel(word(stencils,i), dt) && column("throttled") == 1 ? column("fusion") : NaN):(column("I_measured")) \
           with points pt 12 ps 2 lw 2 lc rgb word(colors,i) notitle, \
         for [i=1:words(stencils)] fit using (sel(word(stencils,i), dt) ? column("fusion") : NaN):(column("I_fit")) \
           with lines lw 2 lc rgb word(colors,i) notitle, \
         for [i=1:words(stencils)] data using (sel(word(stencils,i), dt) ? column("fusion") : NaN):(column("I_model")) \
           with lines dashtype 2 lw 1.5 lc rgb word(colors,i) notitle, \
         for [i=1:words(stencils)] t2 using (psel(word(stencils,i), dt) ? column("fusion") + 0.2 : NaN):(column("I_measured")):(star) \
           with labels font sfont textcolor rgb word(colors,i) notitle, \
         for [i=1:words(stencils)] t2 using (psel(word(stencils,i), dt) ? column("fusion") + 0.2 : NaN):(column("I_measured")):(edge) \
           with labels font sfont textcolor rgb "black" notitle, \
         t3 using (strcol("method") eq "ebisu" && strcol("dtype") eq dt && drawn(strcol("stencil")) ? column("fusion") : NaN):(column("I")):(star) \
           with labels font sfont textcolor rgb "white" notitle, \
         t3 using (strcol("method") eq "ebisu" && strcol("dtype") eq dt && drawn(strcol("stencil")) ? column("fusion") : NaN):(column("I")):(edge) \
           with labels font sfont textcolor rgb "black" notitle
    # its key, under it: the same series, each fit with its R^2
    set tmargin at screen 0.2
    set bmargin at screen 0.01
    unset border; unset tics; unset title; unset xlabel; unset ylabel; unset grid; unset logscale y
    set xrange [0:1]; set yrange [0:1]
    set key inside center top vertical Left reverse maxrows 6 font ",9" samplen 3
    plot 2 notitle, \
         for [i=1:words(stencils)] keyentry with linespoints pt 7 ps 1.4 lw 2 lc rgb word(colors,i) \
           title fit_title(word(stencils,i), dt), \
         keyentry with points pt 12 ps 2 lw 2 lc rgb "black" title "throttled sample(s)", \
         for [i=1:words(stencils)] keyentry with points pt star ps 1.5 lc rgb word(colors,i) \
           title (NM[i] > 0 ? word(stencils,i)." paper: A100 ncu (Table 2)" : ""), \
         for [i=1:words(stencils)] keyentry with lines dashtype 2 lw 1.5 lc rgb word(colors,i) title word(stencils,i)." model 2Kt / 2D", \
         keyentry with points pt edge ps 1.5 lc rgb "black" title (NA > 0 ? "paper: analytic I (Table 3)" : "")
  }
  unset multiplot
}
