# scripts/make/model.mk - the model-only tables and figures (no GPU, no run).
# Included by the Makefile, in its order; its header documents the knobs.

# ---- experiments: tables and figures ---------------------------------------------------------------
# Each table or figure is a chain of file targets: configuration list (experiments/) -> model or
# runner CSV (plots/out/) -> gnuplot script (plots/) -> PNG + SVG, or report tool -> CSV + Markdown.
# The bare names are phony aliases. Without a GPU, measured columns say that they need a GPU run.
FIG_GPUS := A100-PCIe-80GB,H100-SXM,H200
MAP_GPUS := A100-PCIe-80GB,H200
# gnuplot: $(1) = variable assignments; the script writes $(basename $@).png and .svg
# through a temporary base name, renamed after success: a failed or killed gnuplot leaves the
# previous PNG and SVG as they were
gnuplot = $(call say,GNUPLOT,$(basename $@).{png$(comma)svg})if command -v $(GNUPLOT) >/dev/null 2>&1; then \
	t=$(@D)/.$(notdir $(basename $@)).tmp$$$$; trap 'rm -f "$$t.png" "$$t.svg"' EXIT; \
	$(GNUPLOT) -e "$(1); out='$$t'" $< && mv -f $$t.svg $(basename $@).svg && \
	mv -f $$t.png $(basename $@).png; else echo "$(notdir $(basename $@)): gnuplot not found: \
	its CSV in $(O) is ready; render the figure where gnuplot exists"; fi
comma := ,
# NOBUILD=1 (a GPU node with build/ carried, no network): the model and report tools as they are,
# and no attempt to install gnuplot (a figure without it says so; its CSV is ready)
MODEL_DEP := $(MODEL)
REPORT_DEP := $(REPORT)
PLOT_DEP := $(if $(NOBUILD),,$(B)/.deps-plot)

$(O)/tcs-figure10-model.csv: experiments/tcs-figure10.csv data/hw/gpus.csv $(MODEL_DEP) | $(O)
	$(call say,MODEL,$@)$(MODEL) --experiment $< --gpu $(FIG_GPUS) --out $@
$(O)/tcs-figure10.png $(O)/tcs-figure10.svg &: plots/gp/tcs-figure10.gp $(O)/tcs-figure10-model.csv \
		| $(PLOT_DEP)
	$(call gnuplot,model='$(O)/tcs-figure10-model.csv'; measured=''; fit='')

$(O)/tcs-figure14-model.csv: experiments/tcs-figure14.csv data/hw/gpus.csv $(MODEL_DEP) | $(O)
	$(call say,MODEL,$@)$(MODEL) --experiment $< --gpu $(MAP_GPUS) --out $@
$(O)/tcs-figure14.png $(O)/tcs-figure14.svg &: plots/gp/tcs-figure14.gp $(O)/tcs-figure14-model.csv \
		| $(PLOT_DEP)
	$(call gnuplot,model='$(O)/tcs-figure14-model.csv')

$(O)/tcs-figure9-map.csv: data/hw/gpus.csv $(MODEL_DEP) | $(O)
	$(call say,MODEL,$@)$(MODEL) --scenario-map --gpu $(MAP_GPUS) --out $@
$(O)/tcs-figure9-cases.csv: experiments/tcs-figure9.csv data/hw/gpus.csv $(MODEL_DEP) | $(O)
	$(call say,MODEL,$@)$(MODEL) --experiment $< --gpu A100-PCIe-80GB --out $@
$(O)/tcs-figure9.png $(O)/tcs-figure9.svg &: plots/gp/tcs-figure9.gp $(O)/tcs-figure9-map.csv \
		$(O)/tcs-figure9-cases.csv | $(PLOT_DEP)
	$(call gnuplot,map='$(O)/tcs-figure9-map.csv'; cases='$(O)/tcs-figure9-cases.csv')

# Paper tables: the report tool writes NAME.csv and NAME.md.
$(O)/tcs-table2-model.md $(O)/tcs-table2-model.csv &: data/paper/tcs-table2.csv data/hw/gpus.csv \
		$(REPORT_DEP) | $(O)
	$(call say,REPORT,$@)$(REPORT) tcs-table2 --outdir $(O) >/dev/null
$(O)/sptc-table1.md $(O)/sptc-table1.csv &: data/paper/sptc-table1.csv $(REPORT_DEP) | $(O)
	$(call say,REPORT,$@)$(REPORT) sptc-table1 --outdir $(O) >/dev/null
$(O)/tcstencil-table1.md $(O)/tcstencil-table1.csv $(O)/tcstencil-ai.md $(O)/tcstencil-ai.csv &: \
		data/paper/tcstencil-table1.csv data/paper/tcstencil-ai.csv $(REPORT_DEP) | $(O)
	$(call say,REPORT,$@)$(REPORT) tcstencil-table1 --outdir $(O) >/dev/null

# the model-only targets (experiments/targets.csv's kind model: MODEL_TARGETS, their help lines
# and outputs come from build/targets.mk), each below
.PHONY: $(MODEL_TARGETS) model-figures
tcs-table2-model: $(O)/tcs-table2-model.md
	@echo "tcs-table2-model: wrote $(O)/tcs-table2-model.md and .csv"
sptc-table1: $(O)/sptc-table1.md
	@echo "sptc-table1: wrote $(O)/sptc-table1.md and .csv"
tcstencil-table1: $(O)/tcstencil-table1.md $(O)/tcstencil-ai.md
	@echo "tcstencil-table1: wrote $^"
tcs-figure9: $(O)/tcs-figure9.png $(O)/tcs-figure9.svg
	@echo "tcs-figure9: $^"
tcs-figure14: $(O)/tcs-figure14.png $(O)/tcs-figure14.svg
	@echo "tcs-figure14: $^"
# every model-only output: the model-only targets, and the model part of those drawn beside a run
model-figures: ## every model-only target
model-figures: $(MODEL_TARGETS) $(foreach t,$(MODEL_RUN_TARGETS),$(OUTPUTS_$(t)))

.PHONY: clean
