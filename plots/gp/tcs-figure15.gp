# tcs-figure15.gp - tcs Figure 15: the CUDA-core method's (ebisu's) counter-measured arithmetic
# intensity against fusion depth (points; open diamonds: throttled rows, as the
# table's footer defines them), its least-squares line I = a + b t over the depths it was fitted to (solid, R^2 in
# the key) and the model's I = 2Kt / 2D (dashed), on linear axes, where a line is straight and its
# misses read at their size: four panels, a row for the 2D and for the 3D stencils and a column a
# precision, each with its key inside its top left corner, naming only what is drawn (without a
# measured run: the model and the paper's values). The paper's values on the A100 as black-edged
# stars: the ncu-measured I of tcs Table 2 (filled with the stencil's colour, a fifth of a step
# right of its depth, clear of this run's point) and the analytic I of tcs Table 3's CUDA-core rows
# (white, on the model line). The title says that counter FLOPs include the halo updates each fused
# block recomputes, which 2Kt / 2D leaves out. Reads data=plots/out/tcs-figure15.csv and
# fit=plots/out/tcs-figure15-fit.csv by column name, its title and each fit's R^2
# (r2_STENCIL_DTYPE) from plots/out/tcs-figure15.vars, which make loads, and
# data/paper/tcs-table2.csv and tcs-table3.csv by column name; writes out.png and out.svg. Make
# target: tcs-figure15.
set datafile separator ','
set datafile columnheaders
t2 = 'data/paper/tcs-table2.csv'
t3 = 'data/paper/tcs-table3.csv'
rows = "2D 3D"
rstencils(r) = (r == 1 ? "box2d1r star2d1r" : "box3d1r star3d1r")
colors = "#1b9e77 #d95f02 #7570b3 #e7298a"   # box2d1r star2d1r box3d1r star3d1r
sel(st, dt) = (strcol("stencil") eq st && strcol("dtype") eq dt)
psel(st, dt) = (strcol("method") eq "ebisu" && sel(st, dt))
r2(st, dt) = value(sprintf("r2_%s_%s", st, dt))
fit_title(st, dt) = st.(exists(sprintf("r2_%s_%s", st, dt)) ? sprintf(": measured, fit R^2 %.4f", r2(st, dt)) : ": measured, no fit")
onpanel(st) = (strstrt(" ".stencils." ", " ".st." ") > 0)
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
# the papers' values: a star of the series' colour (white: an analytic value) edged in black
star = "★"; edge = "☆"; sfont = ",16"
array NM[2]   # a panel's measured rows, per stencil
array NF[2]   # ... fitted depths
array NT[2]   # ... paper Table 2 rows
nthr = 0
stats data using (column("throttled") == 1 && num("I_measured") > 0 ? (nthr = nthr + 1) : 0) nooutput
nall = 0
stats data using (num("I_measured") > 0 ? (nall = nall + 1) : 0) nooutput
W = 1400; H = 1000
sub1 = (nall > 0 ? "points: counter-measured".(nthr > 0 ? " (open diamonds: throttled)" : "")."; solid: least-squares line I = a + b t over the measured depths (R^2 in the key); " : "no measured run: ")."dashed: model 2Kt / 2D; stars: the paper on the A100 (tcs Tables 2 and 3)"
sub2 = "counter FLOPs include the redundant updates of temporal fusion (halo points each fused block recomputes, tcs section 5.2.4), which 2Kt / 2D leaves out: the measured I is inflated by that work"
load 'plots/gp/common.gp'
# the panels start under the title's lines and their own title
top = panel_top(nsub)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  set multiplot
  eval frame_on
  do for [r=1:2] {
    stencils = rstencils(r)
    do for [p=1:2] {
      dt = word("fp32 fp64", p)
      do for [i=1:2] {
        st = word(stencils, i)
        NM[i] = 0; NF[i] = 0; NT[i] = 0
        stats data using (sel(st, dt) && num("I_measured") > 0 ? (NM[i] = NM[i] + 1) : 0) nooutput
        stats fit using (sel(st, dt) && num("I_fit") == num("I_fit") ? (NF[i] = NF[i] + 1) : 0) nooutput
        stats t2 using (psel(st, dt) && num("I_measured") > 0 ? (NT[i] = NT[i] + 1) : 0) nooutput
      }
      NA = 0
      stats t3 using (strcol("method") eq "ebisu" && strcol("dtype") eq dt && onpanel(strcol("stencil")) ? (NA = NA + 1) : 0) nooutput
      # the panel: column p, row r (2D above 3D)
      set lmargin at screen 0.06 + (p - 1) * 0.5
      set rmargin at screen 0.47 + (p - 1) * 0.5
      set tmargin at screen top - (r - 1) * 0.47
      set bmargin at screen 0.55 - (r - 1) * 0.47
      set border; set tics
      set title dt.", ".word(rows, r)." stencils"
      set xlabel "fusion depth t"
      set ylabel "arithmetic intensity (FLOP/byte)"
      set xrange [0.5:8.5]
      set yrange [0:*]
      set xtics 1, 1, 8
      set grid xtics ytics
      set key inside left top Left reverse opaque box font ",9" samplen 3 spacing 1.1
      plot for [i=1:2] data using (sel(word(stencils,i), dt) && column("throttled") == 0 ? column("fusion") : NaN):(column("I_measured")) \
             with points pt 7 ps 1.4 lc rgb word(colors, 2 * (r - 1) + i) notitle, \
           for [i=1:2] data using (sel(word(stencils,i), dt) && column("throttled") == 1 ? column("fusion") : NaN):(column("I_measured")) \
             with points pt 12 ps 2 lw 2 lc rgb word(colors, 2 * (r - 1) + i) notitle, \
           for [i=1:2] fit using (sel(word(stencils,i), dt) ? column("fusion") : NaN):(column("I_fit")) \
             with lines lw 2 lc rgb word(colors, 2 * (r - 1) + i) notitle, \
           for [i=1:2] data using (sel(word(stencils,i), dt) ? column("fusion") : NaN):(column("I_model")) \
             with lines dashtype 2 lw 1.5 lc rgb word(colors, 2 * (r - 1) + i) notitle, \
           for [i=1:2] t2 using (psel(word(stencils,i), dt) ? column("fusion") + 0.2 : NaN):(column("I_measured")):(star) \
             with labels font sfont textcolor rgb word(colors, 2 * (r - 1) + i) notitle, \
           for [i=1:2] t2 using (psel(word(stencils,i), dt) ? column("fusion") + 0.2 : NaN):(column("I_measured")):(edge) \
             with labels font sfont textcolor rgb "black" notitle, \
           t3 using (strcol("method") eq "ebisu" && strcol("dtype") eq dt && onpanel(strcol("stencil")) ? column("fusion") : NaN):(column("I")):(star) \
             with labels font sfont textcolor rgb "white" notitle, \
           t3 using (strcol("method") eq "ebisu" && strcol("dtype") eq dt && onpanel(strcol("stencil")) ? column("fusion") : NaN):(column("I")):(edge) \
             with labels font sfont textcolor rgb "black" notitle, \
           for [i=1:2] keyentry with linespoints pt 7 ps 1.4 lw 2 lc rgb word(colors, 2 * (r - 1) + i) \
             title (NM[i] > 0 && NF[i] > 0 ? fit_title(word(stencils,i), dt) : ""), \
           for [i=1:2] keyentry with points pt 7 ps 1.4 lc rgb word(colors, 2 * (r - 1) + i) \
             title (NM[i] > 0 && NF[i] == 0 ? word(stencils,i).": measured, no fit" : ""), \
           for [i=1:2] keyentry with lines dashtype 2 lw 1.5 lc rgb word(colors, 2 * (r - 1) + i) title word(stencils,i)." model 2Kt / 2D", \
           keyentry with points pt 12 ps 2 lw 2 lc rgb "black" title (nthr > 0 ? "throttled sample(s)" : ""), \
           for [i=1:2] keyentry with points pt star ps 1.5 lc rgb word(colors, 2 * (r - 1) + i) \
             title (NT[i] > 0 ? word(stencils,i)." paper: A100 ncu (Table 2)" : ""), \
           keyentry with points pt edge ps 1.5 lc rgb "black" title (NA > 0 ? "paper: analytic I (Table 3)" : "")
      eval frame_off
    }
  }
  unset multiplot
}
