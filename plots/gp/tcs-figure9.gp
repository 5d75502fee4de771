# tcs-figure9.gp - tcs Figure 9: the four scenarios of a CUDA-core / Tensor-Core pair. Background:
# the model's speedup (eq. 13) over the CUDA-core intensity I_CC and the tensor-core kernel's work
# inflation rho/sigma (I_TC = I_CC rho/sigma); dashed: the ridge lines separating scenarios 1-4.
# Points: the six cases of tcs Table 3 in the model. Black-edged stars: the paper's values of the
# same cases (tcs Table 3's printed I_CC and I_TC / I_CC, in every panel of the case's precision:
# intensities are no GPU's) and, in the A100 panels, its ridge points (where its two ridges' lines
# cross). The figure is model only: its title names the datasheet GPUs. Reads map=...
# (stencil-model --scenario-map) and cases=... (stencil-model --experiment
# experiments/tcs-figure9.csv) and data/paper/tcs-table3.csv (each case's tensor-core row after its
# CUDA-core row) by column name; writes out.png and out.svg. Make target: tcs-figure9.
set datafile separator ','
set datafile columnheaders
panels = "A100-PCIe-80GB:fp64:tc A100-PCIe-80GB:fp32:sptc H200:fp64:tc H200:fp32:sptc"
part(p, i) = word(system("echo ".p." | tr ':' ' '"), i)
cell(g, d, u) = (strcol("gpu") eq g && strcol("dtype") eq d && strcol("unit") eq u)
t3 = 'data/paper/tcs-table3.csv'
gpus = "A100-PCIe-80GB H200"
paper_gpu = "A100-PCIe-80GB"   # the GPU of the paper's Table 3 (its A100-80GB PCIe)
# a case's CUDA-core row, kept for its tensor-core row, which follows it: NaN on the CUDA-core row
p_icc = NaN; p_rcc = NaN
keep_cc(x) = (p_icc = column("I"), p_rcc = column("ridge"), NaN)
tc_row(d, u) = (strcol("dtype") eq d && strcol("unit") eq u)
case_x(d, u) = (strcol("unit") eq "cc" ? keep_cc(0) : tc_row(d, u) ? log10(p_icc) : NaN)
ridge_x(d, u) = (strcol("unit") eq "cc" ? keep_cc(0) : tc_row(d, u) && g eq paper_gpu ? log10(p_rcc) : NaN)
# the papers' values: a black-edged star (white: a case; black: the ridges)
star = "★"; edge = "☆"; sfont = ",16"
set palette defined (-3 "#b2182b", -0.01 "#fddbc7", 0.01 "#d1e5f0", 3 "#2166ac")
title = "tcs Figure 9: the tensor-core kernel's speedup over the CUDA-core one (model only)"
model_footer = "model only: datasheet GPUs ".gpus." (data/hw/gpus.csv); no run"
W = 1400; H = 1160
sub1 = "speedup of the tensor-core kernel over the CUDA-core one; red: slower, blue: faster; dashed: ridge lines"
sub2 = "stars: the paper's values on the A100 (tcs Table 3): white, the cases' I_CC and I_TC / I_CC; black, its ridges (A100 panels); its cases 4 and 6 disagree with eq. 8 (REPRODUCE.md)"
load 'plots/gp/common.gp'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  set multiplot
  eval frame_on
  do for [k=1:words(panels)] {
    p = word(panels, k)
    g = part(p,1); d = part(p,2); u = part(p,3)
    stats [*:*][*:*] map using (cell(g,d,u) ? column("ridge_cc") : NaN):(column("ridge_tc")) nooutput
    rcc = STATS_max_x; rtc = STATS_max_y
    set lmargin at screen 0.06 + ((k - 1) % 2) * 0.5
    set rmargin at screen 0.4 + ((k - 1) % 2) * 0.5
    set tmargin at screen 0.9 - ((k - 1) / 2) * 0.43
    set bmargin at screen 0.56 - ((k - 1) / 2) * 0.43
    set title sprintf("%s, %s: CUDA cores vs %s (ridges %.1f and %.1f FLOP/byte)", g, d, u, rcc, rtc)
    set xlabel "log10 I_CC (FLOP/byte of the CUDA-core kernel)"
    set ylabel "log10 rho/sigma (work inflation of the TC kernel)"
    set cblabel "log2 speedup (eq. 13)" offset 1.5,0
    set xrange [-1:3]; set yrange [0:3]; set cbrange [-3:3]
    set key off
    set label 1 "1: mem/mem" at -0.9,0.75 front
    set label 2 "2: mem/comp" at log10(rcc)-0.7,2.8 front
    set label 3 "3: comp/mem" at 2.95,0.2 right front   # right of the I_TC line and the model points
    set label 4 "4: comp/comp" at 2.1,2.8 front
    plot map using (cell(g,d,u) ? log10(column("i_cc")) : NaN):(log10(column("inflation"))):(0.025):(0.025):(log(column("speedup"))/log(2)) with boxxyerror fs solid 1.0 noborder fc palette notitle, \
         log10(rtc) - x with lines dt 2 lw 2 lc rgb "black" notitle, \
         cases using (strcol("dtype") eq d ? log10(column("compare_I")) : NaN):(log10(column("inflation"))):(strcol("label")) with labels point pt 7 ps 1.2 offset 0.6,0.6 left notitle, \
         '+' using (log10(rcc)):($0 == 0 ? 0 : 3) every ::0::1 with lines dt 2 lw 2 lc rgb "gray30" notitle, \
         t3 using (case_x(d, u)):(log10(column("I") / p_icc)):(star) with labels font sfont textcolor rgb "white" notitle, \
         t3 using (case_x(d, u)):(log10(column("I") / p_icc)):(edge) with labels font sfont textcolor rgb "black" notitle, \
         t3 using (case_x(d, u)):(log10(column("I") / p_icc)):(sprintf("%d", column("case"))) with labels offset 1,-0.7 font ",8" notitle, \
         t3 using (ridge_x(d, u)):(log10(column("ridge") / p_rcc)):(star) with labels font sfont textcolor rgb "black" notitle
    eval frame_off
  }
  # one key for the four panels, under them
  unset label; unset colorbox
  set lmargin at screen 0.04
  set rmargin at screen 0.98
  set tmargin at screen 0.06
  set bmargin at screen floor
  unset border; unset tics; unset title; unset xlabel; unset ylabel
  set xrange [0:1]; set yrange [0:1]
  set key inside center top horizontal Left reverse maxrows 2 font ",9" samplen 3
  plot 2 notitle, \
       keyentry with lines dt 2 lw 2 lc rgb "black" title "I_TC = ridge_TC", \
       keyentry with lines dt 2 lw 2 lc rgb "gray30" title "I_CC = ridge_CC", \
       keyentry with points pt 7 ps 1.2 lc rgb "black" title "tcs Table 3 cases (model)", \
       keyentry with points pt edge ps 1.5 lc rgb "black" title "paper: tcs Table 3 cases (case number beside)", \
       keyentry with points pt star ps 1.5 lc rgb "black" title "paper: its A100 ridges (Table 3), where their lines cross"
  unset multiplot
}
