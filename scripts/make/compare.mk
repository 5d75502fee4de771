# scripts/make/compare.mk - make compare RUNS="a b ...": every table and figure of two or more
# recorded runs side by side, one column (or series) a GPU, each with the model on its own
# ceilings and the ratios to the first run (plots/render/compare.h, plots/gp/compare.gp); and make
# same-output: one run's outputs as two git revisions render them, byte for byte. No GPU needed.
# Included by the Makefile, in its order; its header documents the knobs.

COMPARE_DIR := $(O)/compare
# RUNS names recorded runs; the word REFERENCE stands for the run data/runs/REFERENCE names
# (make compare RUNS="mine REFERENCE": a reviewer's run against the reference)
RUNS_NAMED = $(foreach r,$(RUNS),$(if $(filter REFERENCE,$(r)),$(shell cat data/runs/REFERENCE 2>/dev/null),$(r)))
ifneq ($(filter compare claim-spread,$(MAKECMDGOALS)),)
$(foreach r,$(filter-out REFERENCE,$(RUNS)),$(call check_name,RUNS: ,$(r)))
endif
.PHONY: compare claim-spread
# make claim-spread RUNS="RUN ...": data/hw/claim-spread.csv, each claim's largest half-width for one
# measurement a configuration from the designs of the replicated runs named
# (plots/verdicts/claim-spread.c), which a run measured once a configuration is judged with
# (written through a temporary name: a failure leaves the file as it was)
claim-spread: ## RUNS="RUN ...": data/hw/claim-spread.csv from replicated runs' designs: each claim's interval half-width for one measurement
claim-spread: $(RENDER_DEP)
	$(Q)[ -n "$(RUNS)" ] || { echo "claim-spread: RUNS='': name the replicated runs (recorded: $(recorded))" >&2; \
	  exit 2; }; $(RENDER) claim-spread data/hw/claim-spread.csv $(addprefix data/runs/,$(RUNS_NAMED))
compare: ## RUNS="RUN RUN ...": the recorded runs' tables and figures side by side, ratios to the first, the verdicts that differ (plots/out/compare/; REFERENCE: the reference run)
compare: $(COMPARE) | $(O)
	$(Q)[ $(words $(RUNS_NAMED)) -ge 2 ] || { echo "compare: RUNS='$(RUNS)': name two or more recorded" \
	  "runs, make compare RUNS=\"RUN RUN\" (recorded: $(recorded))" >&2; exit 2; }; \
	for r in $(RUNS_NAMED); do [ -f data/runs/$$r/meta.csv ] || { echo "compare: RUNS: '$$r' is no" \
	  "recorded run (data/runs/$$r/meta.csv is missing)" >&2; exit 2; }; done; \
	t=$(O)/.compare.tmp$$$$; trap 'rm -rf "$$t" "$$t.old"' EXIT; \
	$(COMPARE) $(addprefix data/runs/,$(RUNS_NAMED)) --outdir $$t --work $(B)/compare || exit 1; \
	if command -v $(GNUPLOT) >/dev/null 2>&1; then for v in $$t/*.vars; do f=$${v%.vars}; \
	  $(GNUPLOT) -e "data='$$f.csv'; out='$$f'; load '$$v'" plots/gp/compare.gp || exit 1; done; \
	else echo "compare: gnuplot not found: the CSVs and tables are ready, the figures are not drawn"; fi; \
	{ [ ! -e $(COMPARE_DIR) ] || mv -f $(COMPARE_DIR) $$t.old; } && mv -f $$t $(COMPARE_DIR) && \
	echo "compare: $(COMPARE_DIR)/index.md, and each target's .md, .csv (and .png, .svg for the figures)"

# make same-output REV_A=REV REV_B=REV RUN=NAME: whether two git revisions render every output of a
# recorded run byte for byte alike (a refactor's check, scripts/same-output.sh builds each
# in a worktree of its own). The knobs are REV_A and REV_B, not A and B: B is the build folder.
ifneq ($(filter same-output,$(MAKECMDGOALS)),)
$(foreach k,A B,$(if $(filter command,$(origin $(k))),$(error same-output: $(k)='$($(k))': the revisions \
	are REV_A= and REV_B= (B= is the build folder))))
endif
.PHONY: same-output
same-output: ## REV_A=REV REV_B=REV: every output of a recorded run (RUN=NAME, default REV_B's reference) rendered by two git revisions, byte for byte (default HEAD~1 and HEAD)
	$(Q)scripts/same-output.sh '$(or $(REV_A),HEAD~1)' '$(or $(REV_B),HEAD)' $(if $(RUN_GIVEN),'$(RUN)')

# make node-ab RUN=NAME GPUS=0,1 LISTS="L ...": what reading the energy counter costs runners that
# share a node (scripts/node-ab.sh): the lists measured with every GPU at once under the host's lock,
# without the lock, without the counter, and on one GPU alone, each a run NAME-ARM, then
# plots/out/node-ab.md puts each beside alone. An experiment, never part of reproduce.
ifneq ($(filter node-ab,$(MAKECMDGOALS)),)
$(if $(and $(RUN_GIVEN),$(GPUS),$(LISTS)),,$(error node-ab: RUN=NAME, GPUS= (two device indices or more) and LISTS= are \
	needed))
endif
.PHONY: node-ab
node-ab: ## RUN=NAME GPUS=0,1 LISTS="...": the lists at once on this node's GPUs with the energy counter read under the host's lock, without it, without reading it, and on each GPU alone; plots/out/node-ab.md beside each other
node-ab: | $(BENCH_DEP) $(RUNS_DEP) $(RENDER_DEP)
	$(Q)BENCH='$(BENCH)' RUNS_TOOL=$(RUNS_TOOL) RENDER=$(RENDER) scripts/node-ab.sh '$(RUN)' '$(GPUS)' $(LISTS)
