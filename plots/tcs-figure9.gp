# tcs-figure9.gp - tcs Figure 9: the four scenarios of a CUDA-core / Tensor-Core pair. Background:
# the model's speedup (eq. 13) over the CUDA-core intensity I_CC and the tensor-core kernel's work
# inflation rho/sigma (I_TC = I_CC rho/sigma); dashed: the ridge lines separating scenarios 1-4.
# Points: the six cases of tcs Table 3. Reads map=... (stencil-model --scenario-map) and
# cases=... (stencil-model --experiment experiments/tcs-figure9.csv) by column name; writes
# out.png and out.svg. Make target: tcs-figure9.
set datafile separator ','
set datafile columnheaders
panels = "A100-PCIe-80GB:fp64:tc A100-PCIe-80GB:fp32:sptc H200:fp64:tc H200:fp32:sptc"
part(p, i) = word(system("echo ".p." | tr ':' ' '"), i)
cell(g, d, u) = (strcol("gpu") eq g && strcol("dtype") eq d && strcol("unit") eq u)
set palette defined (-3 "#b2182b", -0.01 "#fddbc7", 0.01 "#d1e5f0", 3 "#2166ac")
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1400,1100 font ",10" noenhanced } \
  else { set terminal svg size 1400,1100 font ",10" noenhanced }
  set output out.".".fmt
  set multiplot layout 2,2 title "tcs Figure 9 (model): speedup of the tensor-core kernel over the CUDA-core one; red: slower, blue: faster; dashed: ridge lines"
  do for [p in panels] {
    g = part(p,1); d = part(p,2); u = part(p,3)
    stats [*:*][*:*] map using (cell(g,d,u) ? column("ridge_cc") : NaN):(column("ridge_tc")) nooutput
    rcc = STATS_max_x; rtc = STATS_max_y
    set title sprintf("%s, %s: CUDA cores vs %s (ridges %.1f and %.1f FLOP/byte)", g, d, u, rcc, rtc)
    set xlabel "log10 I_CC (FLOP/byte of the CUDA-core kernel)"
    set ylabel "log10 rho/sigma (work inflation of the TC kernel)"
    set cblabel "log2 speedup (eq. 13)"
    set xrange [-1:3]; set yrange [0:3]; set cbrange [-3:3]
    set key bottom left opaque box
    set label 1 "1: mem/mem" at -0.9,0.75 front
    set label 2 "2: mem/comp" at log10(rcc)-0.7,2.8 front
    set label 3 "3: comp/mem" at log10(rcc)+0.05,0.08 front
    set label 4 "4: comp/comp" at 2.1,2.8 front
    plot map using (cell(g,d,u) ? log10(column("i_cc")) : NaN):(log10(column("inflation"))):(0.025):(0.025):(log(column("speedup"))/log(2)) with boxxyerror fs solid 1.0 noborder fc palette notitle, \
         log10(rtc) - x with lines dt 2 lw 2 lc rgb "black" title "I_TC = ridge_TC", \
         cases using (strcol("dtype") eq d ? log10(column("compare_I")) : NaN):(log10(column("inflation"))):(strcol("label")) with labels point pt 7 ps 1.2 offset 0.6,0.6 left title "tcs Table 3 cases", \
         '+' using (log10(rcc)):($0 == 0 ? 0 : 3) every ::0::1 with lines dt 2 lw 2 lc rgb "gray30" title "I_CC = ridge_CC"
  }
  unset multiplot
}
