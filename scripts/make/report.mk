# scripts/make/report.mk - make report: the whole reproduction as one self-contained HTML page,
# plots/out/report/index.html (build/stencil-page, plots/render/page.h), from the renderer's
# outputs and experiments/targets.csv; with RUNS="A B ...", from make compare's outputs. make
# test-report loads it in headless Chromium (tests/report-browser.sh).
# Included by the Makefile, after experiments.mk; its header documents the knobs.

REPORT_DIR := $(O)/report
REPORT_PAGE := $(REPORT_DIR)/index.html
# The page shows every target of the table. The papers' items are made as make reproduce makes
# them; a target make reproduce leaves out (kernels-vs-authors, the warm-up study) is rendered
# without a device from the recorded run that holds it, and with one (or with RUN) only where the
# run already holds its lists: the page never measures what make reproduce would not.
report_held = $(if $(strip $(foreach e,$(call lists,$(1)),$(if $(wildcard $(RUNDIR)/$(e).csv),,x))),,$(1))
report_any_run = $(and $(filter no,$(MODE)),$(if $(RUN_GIVEN),,1))
REPORT_EXTRA = $(foreach t,$(filter-out $(REPRODUCED) $(VERDICTS),$(RENDERED_TARGETS)),\
	$(if $(report_any_run),$(t),$(call report_held,$(t))))
REPORT_TARGETS = $(REPRODUCED) $(REPORT_EXTRA) $(VERDICTS)
REPORT_INPUTS = $(foreach t,$(REPORT_TARGETS),$(O)/$(t).md $(O)/.run/$(t) \
	$(if $(filter $(t),$(FIGURES)),$(O)/$(t).svg)) $(MODEL_OUTPUTS) \
	$(foreach t,$(MODEL_RUN_TARGETS),$(O)/$(t)-run.svg)
PAGE_DEP := $(PAGE)

.PHONY: report test-report
report: ## the whole reproduction as one self-contained page, plots/out/report/index.html (RUNS="A B": make compare's)
test-report: ## make report, then load the page in headless Chromium: figures drawn, links, no remote resource (Chromium)
ifneq ($(DISPATCH),1)
ifeq ($(RUNS),)
report: $(REPORT_PAGE)
	@echo "report: $(REPORT_PAGE) (open it in a browser; it needs no network)"
else
# RUNS="A B": make compare first (it checks the names), then the page from its outputs; the
# model-only items as they are (they depend on no run)
report: $(PAGE_DEP) $(MODEL_OUTPUTS) | $(O)
	$(Q)$(MAKE) --no-print-directory compare RUNS='$(RUNS)' && \
	$(PAGE) html --outdir $(O) --compare $(COMPARE_DIR) --out $(REPORT_PAGE) && \
	echo "report: $(REPORT_PAGE), the runs $(RUNS) side by side"
endif
$(REPORT_PAGE): $(REPORT_INPUTS) $(PAGE_DEP) data/paper/papers.csv data/paper/contradictions.csv \
		experiments/targets.csv | $(O)
	$(call say,PAGE,$@)$(PAGE) html --outdir $(O) --out $@ 2>/dev/null
endif

# the browser check: the page as make report writes it, then the same page with one figure
# emptied, which must fail; Chromium from scripts/deps.sh (report), screenshots into build/
test-report: report $(B)/.deps-report
	$(Q)tests/report-browser.sh $(REPORT_PAGE) $(B)/report-check

# make test checks the page too (tests/test_page.c): without a device it is made first; with one
# it is checked where make report has written it (make test measures nothing)
ifeq ($(MODE),no)
test: $(REPORT_PAGE)
endif
