# tcs-figure16.gp - tcs Figure 16: every method in each precision over the six cases, one panel a
# precision holding only its three cases and the methods configured in it, side by side in each case:
# measured (filled points; open diamonds: throttled, as the table's footer defines it), each
# method's model roof on this run's ceilings (a short bar in its colour at its own place, so that
# equal roofs stay apart), the harness's own power roof where the run's ceilings measured energies
# (an open down-triangle in the method's colour: column power_roof_gstencil_per_s) and the paper's GStencil/s on the A100 (tcs Table 3: ebisu, convstencil
# and spider) as black-edged stars in the method's colour; one key under both panels, naming only
# what is drawn (without a measured run: the roofs, on the datasheet GPU, and the stars). Reads
# data=plots/out/tcs-figure16.csv (stencil-render) by column name, its title, footer and methods from
# plots/out/tcs-figure16.vars, which make loads, and data/paper/tcs-table3.csv by column name;
# writes out.png and out.svg. Make target: tcs-figure16.
# A replicated run (REPLICAS=N): each measured point is the replicas' median, a bar through it
# ends at the lowest and highest replica's rate.
set datafile separator ','
set datafile columnheaders
t3 = 'data/paper/tcs-table3.csv'
colors = "#1b9e77 #d95f02 #a6761d #7570b3 #e6ab02 #bcbd22 #17becf #66a61e #666666"
panels = "fp64 fp32"
pcases(q) = (q == 1 ? "1 2 5" : "3 4 6")   # the cases of each panel, in tcs Table 3's precisions
isfp64(dt) = (dt eq "fp64")
want(p, dt) = (p eq "fp64") ? isfp64(dt) : !isfp64(dt)
# a case's slot in its panel, and a method's place in the slot (k of n methods in the panel)
slot(c) = (c == int(word(cases, 1)) ? 1 : c == int(word(cases, 2)) ? 2 : c == int(word(cases, 3)) ? 3 : NaN)
casenum(l) = int(real(substr(l, 6, 6)))
w = 0.8
place(c, i) = slot(c) + (K[i] - (n + 1) / 2.0) * w / n
sel(i) = (strcol("method") eq word(methods,i) && want(p, strcol("dtype")))
# the papers' values: a star of the method's colour edged in black
star = "★"; edge = "☆"; sfont = ",16"
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
array K[words(methods)]
array NP[words(methods)]
array NM[words(methods)]   # each method's measured rows (its key entry)
do for [i=1:words(methods)] {
  NM[i] = 0; NP[i] = 0
  stats data using (strcol("method") eq word(methods,i) && num("gstencil_per_s") > 0 ? (NM[i] = NM[i] + 1) : 0) nooutput
  stats t3 using (strcol("method") eq word(methods,i) ? (NP[i] = NP[i] + 1) : 0) nooutput
}
nmeas = sum [i=1:words(methods)] NM[i]
nthr = 0
stats data using (column("throttled") == 1 && num("gstencil_per_s") > 0 ? (nthr = nthr + 1) : 0) nooutput
npow = 0
stats data using (num("power_roof_gstencil_per_s") > 0 ? (npow = npow + 1) : 0) nooutput
# the methods that run fp32 data in tf32, from the data: "a and b"
tf32 = ""
do for [i=1:words(methods)] {
  c = 0
  stats data using (strcol("method") eq word(methods,i) && strcol("dtype") eq "tf32" ? (c = c + 1) : 0) nooutput
  if (c > 0) { tf32 = tf32.(tf32 eq "" ? "" : " and ").word(methods,i) }
}
run = (exists("measured_run") ? measured_run : 1)
# a replicated run's rows (replicas > 1): each replica's rate drawn as the ends of a bar through
# the median point
replicas = 0
stats data using (num("replicas") > 1 ? (replicas = replicas + 1, 0) : 0) nooutput
W = 1400; H = 700
sub1 = (nmeas > 0 ? "filled points: measured".(nthr > 0 ? " (open diamonds: throttled)" : "")."; " : "").\
  "bars: each method's model roof on ".(run ? "this run's ceilings" : "the datasheet GPU's ceilings (no measured run)")."; stars: the paper's GStencil/s on the A100 (tcs Table 3)"
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
    p = word(panels, q)
    cases = pcases(q)
    # the methods configured in this panel, numbered in the key's order
    n = 0
    do for [i=1:words(methods)] {
      c = 0
      stats data using (sel(i) ? (c = c + 1) : 0) nooutput
      K[i] = (c > 0) ? (n = n + 1) : 0
    }
    set lmargin at screen 0.06 + (q - 1) * 0.5
    set rmargin at screen 0.48 + (q - 1) * 0.5
    set tmargin at screen top
    set bmargin at screen 0.25
    set border; set tics; set key off
    set title (p eq "fp64" ? "fp64: cases 1, 2, 5" : "fp32 data: cases 3, 4, 6 (".tf32." in tf32)")
    set xlabel "tcs case"
    set ylabel "GStencil/s (log scale)"
    set logscale y
    set xrange [0.5:3.5]
    set yrange [*:*]
    set xtics ("case ".word(cases, 1) 1, "case ".word(cases, 2) 2, "case ".word(cases, 3) 3)
    set grid ytics mytics
    plot for [i=1:words(methods)] t3 using (K[i] > 0 && strcol("method") eq word(methods,i) && want(p, strcol("dtype")) ? place(column("case"), i) : NaN):(column("gstencil_per_s")):(star) \
           with labels font sfont textcolor rgb word(colors,i) notitle, \
         for [i=1:words(methods)] t3 using (K[i] > 0 && strcol("method") eq word(methods,i) && want(p, strcol("dtype")) ? place(column("case"), i) : NaN):(column("gstencil_per_s")):(edge) \
           with labels font sfont textcolor rgb "black" notitle, \
         for [i=1:words(methods)] data using (sel(i) ? place(casenum(strcol("label")), i) - 0.4 * w / n : NaN):(column("model_gstencil_per_s")):(0.8 * w / n):(0) \
           with vectors nohead lw 3 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(i) ? place(casenum(strcol("label")), i) : NaN):(num("power_roof_gstencil_per_s")) \
           with points pt 10 ps 1.4 lw 1.5 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(i) && num("replicas") > 1 ? place(casenum(strcol("label")), i) : NaN):(column("gstencil_per_s")):(num("gstencil_per_s_low")):(num("gstencil_per_s_high")) \
           with yerrorbars pt 7 ps 0 lw 1.5 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(i) && column("throttled") == 0 ? place(casenum(strcol("label")), i) : NaN):(column("gstencil_per_s")) \
           with points pt 7 ps 1.5 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(i) && column("throttled") == 1 ? place(casenum(strcol("label")), i) : NaN):(column("gstencil_per_s")) \
           with points pt 12 ps 2 lw 2 lc rgb word(colors,i) notitle
    eval frame_off
  }
  # one key for both panels, under them: a method's entry is its measured point where it has one,
  # else its roof's bar
  set lmargin at screen 0.04
  set rmargin at screen 0.98
  set tmargin at screen 0.165
  set bmargin at screen floor
  unset border; unset tics; unset title; unset xlabel; unset ylabel; unset grid; unset logscale y
  set xrange [0:1]; set yrange [0:1]
  set key inside center top vertical Left reverse maxrows 5 font ",9" samplen 2 width 1
  plot 2 notitle, \
       for [i=1:words(methods)] keyentry with points pt 7 ps 1.5 lc rgb word(colors,i) title (NM[i] > 0 ? word(methods,i)." measured" : ""), \
       for [i=1:words(methods)] keyentry with lines lw 3 lc rgb word(colors,i) title (NM[i] > 0 ? "" : word(methods,i)." model roof"), \
       keyentry with points pt 12 ps 2 lw 2 lc rgb "black" title (nthr > 0 ? "throttled sample(s)" : ""), \
       keyentry with yerrorbars pt 7 ps 0 lw 1.5 lc rgb "black" title (replicas > 0 ? "replicas' rates (bar ends)" : ""), \
       keyentry with lines lw 3 lc rgb "gray40" title (nmeas > 0 ? "model roof (a bar in the method's colour)" : ""), \
       keyentry with points pt 10 ps 1.4 lw 1.5 lc rgb "gray40" title (npow > 0 ? "power roof (the harness's own: the board's cap)" : ""), \
       for [i=1:words(methods)] keyentry with points pt star ps 1.5 lc rgb word(colors,i) \
         title (NP[i] > 0 ? word(methods,i)." paper: A100 (tcs Table 3)" : "")
  unset multiplot
}
