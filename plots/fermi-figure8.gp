# fermi-figure8.gp - fermi Figure 8 on this GPU: GLUPS against the width n of n^3 grids for the
# naive 3D Jacobi, the cached plane sweep and the pipelined wavefront, fp64 (the paper's) and
# fp32, measured (points: open diamonds throttled), each method's model roof (dashed: bandwidth
# over the bytes of a cell, twice that for the wavefront's two steps), the widths whose padded row
# pitch is a power of two (open triangles on the plane sweep) and the paper's peaks on the Tesla
# C2050 (horizontal marks). Reads data=plots/out/fermi-figure8.csv by column name and the title
# and paper peaks from plots/out/fermi-figure8.vars; writes out.png and out.svg. Make target:
# fermi-figure8.
set datafile separator ','
set datafile columnheaders
methods = "jacobi-naive plane-sweep wavefront"
colors = "#1b9e77 #d95f02 #7570b3"
sel(d, m) = (strcol("dtype") eq d && strcol("method") eq m)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1500,680 font ",10" noenhanced } \
  else { set terminal svg size 1500,680 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 1,2 title title."\nstar3d1r (7-point Jacobi, random non-symmetric weights): GLUPS = lattice updates a second; dashed: each method's roof on this run's ceilings"
  do for [d in "fp64 fp32"] {
    set title d.(d eq "fp64" ? " (the paper's precision)" : "")
    set xlabel "n (grid of n^3 cells, log scale)"
    set ylabel "GLUPS (log scale)"
    set logscale xy 2
    set xrange [56:1180]
    set yrange [4:2048]
    set xtics (64, 128, 256, 512, 1024)
    set format y "%g"
    set grid xtics ytics
    set key outside bottom center horizontal maxcols 3 width 2 samplen 2 font ",9"
    unset label; unset arrow
    if (d eq "fp64") {
      set arrow 1 from 64, paper_1 to 512, paper_1 nohead lw 2 lc rgb word(colors, 2) dt 3
      set arrow 2 from 64, paper_2 to 512, paper_2 nohead lw 2 lc rgb word(colors, 3) dt 3
      set label 1 sprintf("paper peak, C2050: plane sweep %.2f", paper_1) at 70, paper_1 * 0.78 textcolor rgb word(colors, 2)
      set label 2 sprintf("paper peak, C2050: wavefront %.2f", paper_2) at 70, paper_2 * 1.22 textcolor rgb word(colors, 3)
    }
    plot for [i=1:3] data using (sel(d, word(methods,i)) && strcol("status") eq "verified" ? column("n") : NaN):(column("glups")) \
           with lines lw 2 lc rgb word(colors,i) notitle, \
         for [i=1:3] data using (sel(d, word(methods,i)) && column("throttled") == 0 ? column("n") : NaN):(column("glups")) \
           with points pt 7 ps 0.9 lc rgb word(colors,i) title word(methods,i), \
         for [i=1:3] data using (sel(d, word(methods,i)) && column("throttled") == 1 ? column("n") : NaN):(column("glups")) \
           with points pt 12 ps 1.8 lw 2 lc rgb word(colors,i) notitle, \
         data using (sel(d, "plane-sweep") && column("pitch_pow2") == 1 ? column("n") : NaN):(column("glups")) \
           with points pt 8 ps 2.2 lw 2 lc rgb "black" title "row pitch a power of two", \
         data using (sel(d, "plane-sweep") && column("pow2") == 1 ? column("n") : NaN):(column("glups")) \
           with points pt 6 ps 2.2 lw 2 lc rgb "gray40" title "n a power of two", \
         data using (sel(d, "plane-sweep") ? column("n") : NaN):(column("model_glups")) \
           with lines dt 2 lw 1.5 lc rgb "gray30" title "roof, one step a launch (naive, plane sweep)", \
         data using (sel(d, "wavefront") ? column("n") : NaN):(column("model_glups")) \
           with lines dt 2 lw 1.5 lc rgb word(colors,3) title "roof, two steps a sweep (wavefront)", \
         keyentry with points pt 12 ps 1.8 lw 2 lc rgb "black" title "throttled sample(s)"
  }
  unset multiplot
}
