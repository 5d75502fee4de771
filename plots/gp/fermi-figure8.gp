# fermi-figure8.gp - fermi Figure 8 on this GPU: GLUPS against the width n of n^3 grids for the
# naive 3D Jacobi, the cached plane sweep and the pipelined wavefront, fp64 (the paper's) and
# fp32, measured (points: open diamonds throttled), each method's model roof (dashed: bandwidth
# over the bytes of a cell, twice that for the wavefront's two steps), the widths whose padded row
# pitch is a power of two (open triangles on the plane sweep) and, in the fp64 panel, the paper's
# peaks on the Tesla C2050 as black-edged stars in the method's colour on a dotted line over the
# widths its Figure 8 spans (the width of a peak is not printed). The key names only what is drawn
# (without a measured run: the roofs, on the datasheet GPU, and the paper's peaks). Reads
# data=plots/out/fermi-figure8.csv by column name, the title from plots/out/fermi-figure8.vars and
# data/paper/fermi-figure8.csv by column name; writes out.png and out.svg. Make target:
# fermi-figure8.
# A replicated run (REPLICAS=N): each measured point is the replicas' median, a bar through it
# ends at the lowest and highest replica's rate.
set datafile separator ','
set datafile columnheaders
# the methods drawn: those the data names, in the order it first names them (its configuration
# list's; the method table is the one list of methods)
methods = ""
stats data using (strstrt(" ".methods." ", " ".strcol("method")." ") ? 0 : \
  (methods = methods.(methods eq "" ? "" : " ").strcol("method"), 0)) nooutput
colors = "#1b9e77 #d95f02 #7570b3"
sel(d, m) = (strcol("dtype") eq d && strcol("method") eq m)
paper = 'data/paper/fermi-figure8.csv'
psel(d, m) = (d eq "fp64" && strcol("method") eq m)
# a paper peak's place: along the widths the paper ran, a method a step apart (its width is not printed)
px(i) = sqrt(column("n_from") * column("n_to")) * 1.5 ** (i - 2.5)
# the papers' values: a star of the method's colour edged in black
star = "★"; edge = "☆"; sfont = ",16"
array NP[3]
do for [i=1:3] {
  stats paper using (strcol("method") eq word(methods,i) ? 1 : 0) nooutput
  NP[i] = STATS_sum
}
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
# each method's measured rows, the throttled ones and the plane sweep's marked widths: their entries
array NM[6]
do for [i=1:6] {
  NM[i] = 0
  stats data using (strcol("method") eq word(methods,i) && num("glups") > 0 ? (NM[i] = NM[i] + 1) : 0) nooutput
}
nthr = 0; npitch = 0; npow2 = 0
stats data using (num("glups") > 0 ? (nthr = nthr + (column("throttled") == 1), \
  npitch = npitch + (strcol("method") eq "plane-sweep" && column("pitch_pow2") == 1), \
  npow2 = npow2 + (strcol("method") eq "plane-sweep" && column("pow2") == 1)) : 0) nooutput
run = (exists("measured_run") ? measured_run : 1)
# a replicated run's rows (replicas > 1): each replica's rate drawn as the ends of a bar through
# the median point
replicas = 0
stats data using (num("replicas") > 1 ? (replicas = replicas + 1, 0) : 0) nooutput
W = 1500; H = 720
sub1 = "star3d1r (7-point Jacobi, random non-symmetric weights): GLUPS = lattice updates a second; dashed: each method's roof on ".(run ? "this run's ceilings" : "the datasheet GPU's ceilings (no measured run)")
load 'plots/gp/common.gp'
# the panels start under the title's lines and their own title
top = panel_top(nsub)
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  set multiplot
  eval frame_on
  do for [q=1:2] {
    d = word("fp64 fp32", q)
    set lmargin at screen 0.06 + (q - 1) * 0.5
    set rmargin at screen 0.48 + (q - 1) * 0.5
    set tmargin at screen top
    set bmargin at screen 0.3
    set border; set tics; set key off
    set title d.(d eq "fp64" ? " (the paper's precision; stars: its peaks, section 4, their widths not printed; dotted: the widths it ran)" : " (paper values: none, the paper ran fp64 only)")
    set xlabel "n (grid of n^3 cells, log scale)"
    set ylabel "GLUPS (log scale)"
    set logscale xy 2
    set xrange [56:1180]
    set yrange [4:2048]
    set xtics (64, 128, 256, 512, 1024)
    set format y "%g"
    set grid xtics ytics
    plot for [i=1:3] data using (sel(d, word(methods,i)) && strcol("status") eq "verified" ? column("n") : NaN):(column("glups")) \
           with lines lw 2 lc rgb word(colors,i) notitle, \
         for [i=1:3] data using (sel(d, word(methods,i)) && num("replicas") > 1 ? column("n") : NaN):(column("glups")):(num("gstencil_per_s_low")):(num("gstencil_per_s_high")) \
           with yerrorbars pt 7 ps 0 lw 1.5 lc rgb word(colors,i) notitle, \
         for [i=1:3] data using (sel(d, word(methods,i)) && column("throttled") == 0 ? column("n") : NaN):(column("glups")) \
           with points pt 7 ps 0.9 lc rgb word(colors,i) notitle, \
         for [i=1:3] data using (sel(d, word(methods,i)) && column("throttled") == 1 ? column("n") : NaN):(column("glups")) \
           with points pt 12 ps 1.8 lw 2 lc rgb word(colors,i) notitle, \
         for [i=4:6] data using (sel(d, word(methods,i)) && num("glups") > 0 ? column("n") : NaN):(column("glups")) \
           with linespoints dt 4 pt 4 ps 1.2 lw 1.5 lc rgb word(colors,i-3) notitle, \
         data using (sel(d, "plane-sweep") && column("pitch_pow2") == 1 ? column("n") : NaN):(column("glups")) \
           with points pt 8 ps 2.2 lw 2 lc rgb "black" notitle, \
         data using (sel(d, "plane-sweep") && column("pow2") == 1 ? column("n") : NaN):(column("glups")) \
           with points pt 6 ps 2.2 lw 2 lc rgb "gray40" notitle, \
         data using (sel(d, "plane-sweep") ? column("n") : NaN):(column("model_glups")) \
           with lines dt 2 lw 1.5 lc rgb "gray30" notitle, \
         data using (sel(d, "wavefront") ? column("n") : NaN):(column("model_glups")) \
           with lines dt 2 lw 1.5 lc rgb word(colors,3) notitle, \
         for [i=1:3] paper using (psel(d, word(methods,i)) ? column("n_from") : NaN):(column("glups")):(column("n_to") - column("n_from")):(0) \
           with vectors nohead dt 3 lw 2 lc rgb word(colors,i) notitle, \
         for [i=1:3] paper using (psel(d, word(methods,i)) ? px(i) : NaN):(column("glups")):(star) \
           with labels font sfont textcolor rgb word(colors,i) notitle, \
         for [i=1:3] paper using (psel(d, word(methods,i)) ? px(i) : NaN):(column("glups")):(edge) \
           with labels font sfont textcolor rgb "black" notitle, \
         for [i=1:3] paper using (psel(d, word(methods,i)) ? px(i) : NaN):(column("glups")):(sprintf("%.2f", column("glups"))) \
           with labels left offset 1.2,0 font ",9" textcolor rgb word(colors,i) notitle
    eval frame_off
  }
  # one key for both panels, under them
  set lmargin at screen 0.04
  set rmargin at screen 0.98
  set tmargin at screen 0.19
  set bmargin at screen floor
  unset border; unset tics; unset title; unset xlabel; unset ylabel; unset grid; unset logscale xy
  set xrange [0:1]; set yrange [0:1]
  set key inside center top vertical Left reverse maxrows 5 font ",9" samplen 3
  plot 2 notitle, \
       for [i=1:3] keyentry with linespoints pt 7 ps 0.9 lw 2 lc rgb word(colors,i) title (NM[i] > 0 ? word(methods,i) : ""), \
       for [i=4:6] keyentry with linespoints dt 4 pt 4 ps 1.2 lw 1.5 lc rgb word(colors,i-3) title (NM[i] > 0 ? word(methods,i)." (rows n apart)" : ""), \
       keyentry with points pt 12 ps 1.8 lw 2 lc rgb "black" title (nthr > 0 ? "throttled sample(s)" : ""), \
       keyentry with yerrorbars pt 7 ps 0 lw 1.5 lc rgb "black" title (replicas > 0 ? "replicas' rates (bar ends)" : ""), \
       keyentry with points pt 8 ps 2.2 lw 2 lc rgb "black" title (npitch > 0 ? "row pitch a power of two (plane sweep)" : ""), \
       keyentry with points pt 6 ps 2.2 lw 2 lc rgb "gray40" title (npow2 > 0 ? "n a power of two (plane sweep)" : ""), \
       keyentry with lines dt 2 lw 1.5 lc rgb "gray30" title "roof, one step a launch (naive, plane sweep)", \
       keyentry with lines dt 2 lw 1.5 lc rgb word(colors,3) title "roof, two steps a sweep (wavefront)", \
       for [i=1:3] keyentry with points pt star ps 1.5 lc rgb word(colors,i) \
         title (NP[i] > 0 ? "paper peak, Tesla C2050: ".word(methods,i) : "")
  unset multiplot
}
