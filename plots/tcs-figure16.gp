# tcs-figure16.gp - tcs Figure 16: every method in each precision over the six cases, one panel a
# precision holding only its three cases and the methods measured in it, side by side in each case:
# measured (filled points; open diamonds: throttled, samples below 75 % of the max SM clock), each
# method's model roof on this run's ceilings (a short bar in its colour at its own place, so that
# equal roofs stay apart) and the paper's GStencil/s on the A100 (tcs Table 3: ebisu, convstencil
# and spider) as black-edged stars in the method's colour; one key under both panels. Reads
# data=plots/out/tcs-figure16.csv (stencil-render) by column name, its title and methods from
# plots/out/tcs-figure16.vars, which make loads, and data/paper/tcs-table3.csv by column name;
# writes out.png and out.svg. Make target: tcs-figure16.
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
array K[words(methods)]
array NP[words(methods)]
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1400,700 font ",10" noenhanced } \
  else { set terminal svg size 1400,700 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot title title."\nfilled points: measured (open diamonds: throttled); bars: each method's model roof on this run's ceilings; stars: the paper's GStencil/s on the A100 (tcs Table 3)"
  do for [q=1:2] {
    p = word(panels, q)
    cases = pcases(q)
    # the methods measured in this panel, numbered in the key's order
    n = 0
    do for [i=1:words(methods)] {
      stats data using (sel(i) ? 1 : 0) nooutput
      K[i] = (STATS_sum > 0) ? (n = n + 1) : 0
    }
    set lmargin at screen 0.06 + (q - 1) * 0.5
    set rmargin at screen 0.48 + (q - 1) * 0.5
    set tmargin at screen 0.89
    set bmargin at screen 0.25
    set border; set tics; set key off
    set title (p eq "fp64" ? "fp64: cases 1, 2, 5" : "fp32 data: cases 3, 4, 6 (convstencil and spider in tf32)")
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
         for [i=1:words(methods)] data using (sel(i) && column("throttled") == 0 ? place(casenum(strcol("label")), i) : NaN):(column("gstencil_per_s")) \
           with points pt 7 ps 1.5 lc rgb word(colors,i) notitle, \
         for [i=1:words(methods)] data using (sel(i) && column("throttled") == 1 ? place(casenum(strcol("label")), i) : NaN):(column("gstencil_per_s")) \
           with points pt 12 ps 2 lw 2 lc rgb word(colors,i) notitle
  }
  # one key for both panels, under them
  do for [i=1:words(methods)] {
    stats t3 using (strcol("method") eq word(methods,i) ? 1 : 0) nooutput
    NP[i] = STATS_sum
  }
  set lmargin at screen 0.04
  set rmargin at screen 0.98
  set tmargin at screen 0.165
  set bmargin at screen 0.01
  unset border; unset tics; unset title; unset xlabel; unset ylabel; unset grid; unset logscale y
  set xrange [0:1]; set yrange [0:1]
  set key inside center top vertical Left reverse maxrows 5 font ",9" samplen 2 width 1
  plot 2 notitle, \
       for [i=1:words(methods)] keyentry with points pt 7 ps 1.5 lc rgb word(colors,i) title word(methods,i)." measured", \
       keyentry with points pt 12 ps 2 lw 2 lc rgb "black" title "throttled sample(s)", \
       keyentry with lines lw 3 lc rgb "gray40" title "model roof (a bar in the method's colour)", \
       for [i=1:words(methods)] keyentry with points pt star ps 1.5 lc rgb word(colors,i) \
         title (NP[i] > 0 ? word(methods,i)." paper: A100 (tcs Table 3)" : "")
  unset multiplot
}
