# nongemm-figure11.gp - nongemm Figure 11 on this GPU: ConvStencil (tensor cores) over EBISU (CUDA
# cores) for the paper's six stencils in fp64, each at its own Table 2 domain and depth (bars), at
# ConvStencil's domain for both (hatched bars), and the model's ratio of the two roofs (points);
# below 1 the CUDA-core method is faster; the ratio axis from 0 holds every bar and point; the key
# names only what is drawn (without a measured run: the model's points). The paper prints no value
# of its Figure 11 (the title says so). Reads data=plots/out/nongemm-figure11.csv by column name and
# the title from plots/out/nongemm-figure11.vars; writes out.png and out.svg. Make target:
# nongemm-figure11.
set datafile separator ','
set datafile columnheaders
# a number, NaN for NA or empty (read so, a row stays valid for stats: no warning)
num(c) = (strcol(c) eq "NA" || strcol(c) eq "" ? NaN : column(c))
hi(m, v) = (v > m ? v : m)
# the bars of each kind (their key entries) and the top of every bar and point
nown = 0; nsame = 0; ytop = 1
stats data using (nown = nown + (num("convstencil_over_ebisu") >= 0), nsame = nsame + (num("convstencil_over_ebisu_same") >= 0), \
  ytop = hi(hi(hi(ytop, num("convstencil_over_ebisu")), num("convstencil_over_ebisu_same")), num("model_convstencil_over_ebisu")), 0) nooutput
W = 1400; H = 600
sub1 = "ConvStencil / EBISU in fp64 (below 1: the CUDA-core method is faster); paper values: not printed (the paper shows this figure as a picture only)"
load 'plots/gp/common.gp'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size W,H font ",10" noenhanced } \
  else { set terminal svg size W,H font ",10" noenhanced }
  set output out.".".fmt
  # under the title's lines, the plot's text (its x label) above the footer
  set tmargin at screen below(nsub)
  set origin 0, floor
  set size 1, 1 - floor
  unset title
  eval frame_on
  set style fill solid 0.8 border -1
  set xrange [-0.6:5.6]
  set yrange [0:ytop * 1.3]   # room for the key above the bars
  set ylabel "ConvStencil GStencil/s / EBISU GStencil/s"
  set grid ytics
  set key top center horizontal opaque box
  plot data using ($0 - 0.2):(column("convstencil_over_ebisu")):(0.38) with boxes lc rgb "#d95f02" title (nown > 0 ? "each at its Table 2 domain" : ""), \
       '' using ($0 + 0.2):(column("convstencil_over_ebisu_same")):(0.38) with boxes lc rgb "#7570b3" fs pattern 4 title (nsame > 0 ? "both at ConvStencil's domain" : ""), \
       '' using ($0):(column("model_convstencil_over_ebisu")):xtic(strcol("benchmark")) with points pt 7 ps 1.5 lc rgb "black" title "model: the roofs' ratio", \
       1 with lines lc rgb "black" dt 2 notitle
}
