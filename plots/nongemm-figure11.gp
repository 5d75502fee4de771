# nongemm-figure11.gp - nongemm Figure 11 on this GPU: ConvStencil (tensor cores) over EBISU (CUDA
# cores) for the paper's six stencils in fp64, each at its own Table 2 domain and depth (bars), at
# ConvStencil's domain for both (hatched bars), and the model's ratio of the two roofs (points);
# below 1 the CUDA-core method is faster; the paper prints no value of its Figure 11 (the title
# says so). Reads data=plots/out/nongemm-figure11.csv by column
# name and the title from plots/out/nongemm-figure11.vars; writes out.png and out.svg. Make
# target: nongemm-figure11.
set datafile separator ','
set datafile columnheaders
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 1100,600 font ",10" noenhanced } \
  else { set terminal svg size 1100,600 font ",10" noenhanced }
  set output out.".".fmt
  set title title."\nConvStencil / EBISU in fp64 (below 1: the CUDA-core method is faster); paper values: not printed (the paper shows this figure as a picture only)"
  set style fill solid 0.8 border -1
  set xrange [-0.6:5.6]
  set yrange [0:1.3]
  set ylabel "ConvStencil GStencil/s / EBISU GStencil/s"
  set grid ytics
  set key top center horizontal opaque box
  plot data using ($0 - 0.2):(column("convstencil_over_ebisu")):(0.38) with boxes lc rgb "#d95f02" title "each at its Table 2 domain", \
       '' using ($0 + 0.2):(column("convstencil_over_ebisu_same")):(0.38) with boxes lc rgb "#7570b3" fs pattern 4 title "both at ConvStencil's domain", \
       '' using ($0):(column("model_convstencil_over_ebisu")):xtic(strcol("benchmark")) with points pt 7 ps 1.5 lc rgb "black" title "model: the roofs' ratio", \
       1 with lines lc rgb "black" dt 2 notitle
}
