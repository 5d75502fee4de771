# common.gp - what every figure's script shares; each sets its canvas (W, H pixels) and the lines
# under its title (sub1 to sub3: what the marks mean), then loads it before drawing. The frame:
# the title, one line at the top in a font that stays legible where make report's page shrinks the
# canvas to its width (tests/test_page.c), the lines under it, and the footer, one small line at
# the canvas's bottom: the renderer's footer of the .vars (run, commits, staleness, the protocol
# in short: plots/render/render-protocol.c), or a model-only script's model_footer. The frame is
# drawn by labels: eval frame_on before a figure's first plot, eval frame_off after it in a
# multiplot (each plot of one draws the labels set). Below the frame's top (below(k), or
# panel_top(k) for a plot with its own title; k lines under the title) and above its bottom
# (floor) a script lays out its panels, their labels and keys; the layout check of
# tests/test_figures.c fails any text over another or off the canvas.
title_font = ",14"
footer_font = ",8"
# pixels from the top: the title's middle and each line's under it; under k of them the top of a
# plot (its border: a tick label reaches above it), and of one with its own title over it
title_y = 1 - 15.0 / H
line_y(k) = 1 - (24.0 + 14.0 * k) / H
below(k) = 1 - (40.0 + 14.0 * k) / H
panel_top(k) = below(k) - 24.0 / H
# the footer's middle, and the lowest a plot's text (its x label, a key) may reach
footer_y = 9.0 / H
floor = 22.0 / H
footer_text = exists("footer") ? footer : (exists("model_footer") ? model_footer : "")
sub_text(k) = exists(sprintf("sub%d", k)) ? value(sprintf("sub%d", k)) : ""
frame_on = 'set label 901 title at screen 0.5, screen title_y center font title_font front; ' . \
  'set label 902 sub_text(1) at screen 0.5, screen line_y(1) center front; ' . \
  'set label 903 sub_text(2) at screen 0.5, screen line_y(2) center front; ' . \
  'set label 905 sub_text(3) at screen 0.5, screen line_y(3) center front; ' . \
  'set label 904 footer_text at screen 0.5, screen footer_y center font footer_font textcolor rgb "#333333" front'
frame_off = 'unset label 901; unset label 902; unset label 903; unset label 904; unset label 905'
# how many of sub1 to sub3 the script gave (not empty) before it loaded this: the lines under the
# title
nsub = (sub_text(1) ne "") + (sub_text(2) ne "") + (sub_text(3) ne "")
