# scripts/make/experiments.mk - the experiments users type: measured or recorded runs rendered into
# tables and figures, the measuring targets and the dispatch on a GPU machine.
# Included by the Makefile, in its order; its header documents the knobs.

# ---- the experiments users type -----------------------------------------------------------------
# Each target is a chain of file targets:
#   experiments/T.csv -> data/runs/RUN/T.csv (stencilbench, with a device) -> plots/out/.run/T
#   (the run it renders, with checksums) -> plots/out/T.{csv,md} (stencil-render: run + model on
#   the run's ceilings + paper) -> plots/out/T.{png,svg} (gnuplot)
# and `make T` is a phony alias. Without a device each target renders RUN when given, else the
# reference run (data/runs/REFERENCE) or the newest recorded run that holds its CSVs, chosen by
# its stamp, and says so; with none recorded, the model and paper columns. NOBUILD=1 (a GPU node
# with build/ carried): the tools as they are, a missing one an error.
RENDER_DEP := $(RENDER)
# The targets come from one table, experiments/targets.csv: build/targets.mk (build.mk; made by
# stencil-render targets-mk) gives EXPERIMENTS (each with a configuration list of its name),
# REPRODUCED (what `make reproduce` renders from its run: the papers' items, not
# kernels-vs-authors, which is made after it on the same RUN), FIGURES, TABLES, VERDICTS,
# RENDERED_TARGETS, the model-only MODEL_TARGETS (model.mk), MODEL_RUN_TARGETS (a model figure
# with a run's measured points beside it: its INPUTS_ names the rendered target that holds them),
# MODEL_OUTPUTS, ALIASES (each ALIAS_OF_ a target), each target's NOCOUNTERS_, EXTRA_OUT_ and
# OUTPUTS_, INPUTS_T where a target reads other lists than its own (verdicts: those its claims
# name), and make help's lines.
MEASURED_LISTS := naive-core cuda-core dense-tc sparse-tc
MEASURING := smoke ceilings $(MEASURED_LISTS) test-gpu ncu-check ncu-reports
inputs = $(or $(INPUTS_$(1)),$(1))
# inputs that are files of the run's ceilings measurement, not configuration lists (fermi Table 1
# and Figure 4)
RUN_FILES := ceilings latency-hiding
lists = $(filter-out $(RUN_FILES),$(call inputs,$(1)))
# seconds a configuration takes, for the estimate printed before a run where the reference run has
# no measured cost for a list (its row_wall_s; stencil-runs estimate): each row's own 1 s warm-up,
# up to 0.5 s of samples, set-up, verification and the counter passes; 0.15 with QUICK=1
SECS_PER_CONFIG := $(if $(filter 1,$(QUICK)),0.15,2.2)

ifeq ($(MODE),yes)
run_of = $(RUNDIR)
# measured unless complete (scripts/runs.sh decides; a complete CSV is left as it is, so that
# nothing downstream renders again); a failure leaves the previous CSV untouched
$(RUNDIR)/ceilings.csv: FORCE | $(BENCH_DEP)
	$(Q)$(runs) ceilings $(RUNDIR)
$(RUNDIR)/latency-hiding.csv: $(RUNDIR)/ceilings.csv
	$(Q)test -s $@ || { echo "$@: missing beside $<: delete $< to measure the ceilings again" >&2; exit 1; }
$(RUNDIR)/%.csv: FORCE $(RUNDIR)/ceilings.csv | experiments/%.csv $(BENCH_DEP) $(RUNS_DEP)
	$(Q)$(runs) measure $* $@ experiments/$*.csv $(NOCOUNTERS_$*) $(ORIGINAL_$*)
else
# without a device the run a target renders is chosen when its stamp is made, by every make:
# RUN when given, else the reference run (data/runs/REFERENCE) where it holds the target's CSVs,
# else the newest recorded run holding them (stencil-render newest-run), else none (the model and
# paper columns). Nothing is cached in an included makefile, so no first pass can freeze it.
run_of = $(if $(RUN_GIVEN),$(RUNDIR))
data/runs/%.csv:
	@echo "$@ is not recorded, and there is no CUDA device here to measure it" >&2; exit 1
endif
# after the table: a run with rows that failed verification makes the target fail
check_wrong = $(runs) wrong-stamped $(1) $(O)/.run/$(1) $(patsubst %,%.csv,$(call inputs,$(1)))
# (without a device, of a recorded run the CSVs it holds: RUN= renders what it holds, a claim on a
# list it lacks reads not measured; a run not recorded at all stays an error)
run_csvs = $(if $(call run_of,$(1)),$(call held,$(foreach e,$(call inputs,$(1)),$(call run_of,$(1))/$(e).csv)))
held = $(if $(filter yes,$(MODE)),$(1),$(if $(wildcard $(dir $(firstword $(1)))),$(wildcard $(1)),$(1)))
# what every rendered output reads beside its run and lists: the paper's values and claims, the
# hardware tables, the matrices' properties and the target table
RENDER_INPUTS := experiments/targets.csv $(wildcard data/paper/*.csv data/hw/*.csv data/matrices/*)

# $(1): a rendered target; it reads its inputs' lists and run CSVs (all from one run), recorded
# in $(O)/.run/$(1) so that another run, or a changed one, renders again
define render_rule
$(O)/.run/$(1): FORCE $(call run_csvs,$(1)) | $(O)/.run $(RENDER_DEP)
	$(Q)RENDER='$(RENDER)' $(runs) stamp $$@ '$(or $(call run_of,$(1)),-)' \
		$(patsubst %,%.csv,$(call inputs,$(1)))
$(O)/$(1).md $(O)/$(1).csv $(EXTRA_OUT_$(1)) $(if $(filter $(1),$(FIGURES)),$(O)/$(1).vars) &: \
		$(foreach e,$(call lists,$(1)),experiments/$(e).csv) \
		$(O)/.run/$(1) $(RENDER_INPUTS) $(RENDER_DEP) | $(O)
	$(Q)RENDER='$(RENDER)' $(runs) render $(1) $(O)/.run/$(1) $(O) $(MODE)
endef
$(foreach t,$(RENDERED_TARGETS),$(eval $(call render_rule,$(t))))
$(O)/.run:
	$(Q)mkdir -p $@

# figures: the renderer's $(O)/F.vars gives the title (the rendered table's: GPU, run, commit)
# and the methods it draws
$(foreach f,$(FIGURES),$(eval $(O)/$(f).png $(O)/$(f).svg &: plots/gp/$(f).gp $(O)/$(f).csv $(O)/$(f).vars \
	| $(PLOT_DEP) ; $$(call gnuplot,data='$(O)/$(f).csv'; fit='$(O)/$(f)-fit.csv'; load '$(O)/$(f).vars')))
# tcs Figure 10 with a run: the model beside the measured AI of the target its row's inputs name
F10_RUN := $(INPUTS_tcs-figure10)
$(O)/tcs-figure10-run.png $(O)/tcs-figure10-run.svg &: plots/gp/tcs-figure10.gp $(O)/tcs-figure10-model.csv \
		$(O)/$(F10_RUN).csv $(O)/$(F10_RUN).vars | $(PLOT_DEP)
	$(call gnuplot,model='$(O)/tcs-figure10-model.csv'; measured='$(O)/$(F10_RUN).csv'; \
		fit='$(O)/$(F10_RUN)-fit.csv'; load '$(O)/$(F10_RUN).vars')

USER_TARGETS := $(RENDERED_TARGETS) reproduce reference report $(ALIASES) $(MODEL_RUN_TARGETS) $(MEASURING)
# every target make help lists that renders tables or figures, with or without a GPU: the fresh-
# clone test (tests/fresh-clone.sh) makes each on its first invocation
RENDERS := $(RENDERED_TARGETS) $(ALIASES) $(MODEL_RUN_TARGETS) $(MODEL_TARGETS) reproduce reference
.PHONY: $(USER_TARGETS)
ifeq ($(DISPATCH),1)
# a GPU is listed: probe the runner, then make the target again with DEVICE=yes (and its RUN) or,
# on its exit 3 only, DEVICE=no; any other failure of the runner stops here
$(USER_TARGETS): $(BENCH_DEP)
	$(Q)rc=0; slug=$$($(runs) device $@) || rc=$$?; case $$rc in \
	  0) exec $(MAKE) --no-print-directory DEVICE=yes \
	     $(if $(RUN_GIVEN),,RUN=$$slug$(QUICK_SUFFIX)) $@ ;; \
	  3) exec $(MAKE) --no-print-directory DEVICE=no $@ ;; \
	  *) exit 1 ;; esac
else
# the aliases of experiments/targets.csv: a table prints itself, a figure names its files; then
# a run with rows that failed verification fails the target
define table_alias
$(1): $(O)/$(1).md | $(RUNS_DEP)
	@cat $$<
	$$(Q)$$(call check_wrong,$$@)
endef
define figure_alias
$(1): $(O)/$(1).png | $(RUNS_DEP)
	@echo "$(1): $(O)/$(1).csv,$(if $(EXTRA_OUT_$(1)), -fit.csv,) .md (and .png, .svg where gnuplot exists)"
	$$(Q)$$(call check_wrong,$$@)
endef
# make verdicts GPUS=... on a GPU: the lists every claim reads (CLAIM_INPUTS: the warm-up study's
# too) measured first through the node's queue (REPLICAS=N: each on N sets of GPUs), then judged
GPU_VERDICTS := $(if $(and $(GPUS),$(filter yes,$(MODE))),$(VERDICTS))
claim_items = $(foreach t,$(CLAIM_INPUTS),$(foreach l,$(call lists,$(t)),$(call item_of,$(l))))
$(foreach t,$(filter-out $(GPU_VERDICTS),$(TABLES)),$(eval $(call table_alias,$(t))))
$(GPU_VERDICTS): | $(RUNS_DEP)
	$(call measure_render,$(claim_items),$(O)/$@.md,$@)
	@cat $(O)/$@.md
	$(Q)$(call check_wrong,$@)
$(foreach t,$(FIGURES),$(eval $(call figure_alias,$(t))))
tcs-figure10: $(O)/tcs-figure10-run.png $(O)/tcs-figure10.png | $(RUNS_DEP)
	@echo "tcs-figure10: $(O)/tcs-figure10-run.png and .svg (the model with the run's measured AI, which \
	$(F10_RUN) renders) and $(O)/tcs-figure10.png and .svg (the model only)"
	$(Q)$(call check_wrong,$(F10_RUN))
# the aliases (experiments/targets.csv's alias column): each makes its target
$(foreach a,$(ALIASES),$(eval $(a): $(ALIAS_OF_$(a))))
# GPUS=all or GPUS=0,1: the lists measured on several GPUs of this node first (scripts/multi-gpu.sh:
# one queue of chunks, longest first, a configuration several lists share measured once, one
# runner a GPU with its share of the host's cores, merged list by list), each LIST:runner-flags;
# on an interrupt the recipe's shell (its traps deferred until the command ends) waits while
# multi-gpu.sh merges the lists done, so that make does not end before them. The costs the queue
# is cut and its estimate made by are the reference run's row_wall_s (COST_RUN).
empty :=
space := $(empty) $(empty)
# every configuration list make reproduce measures, once each (its estimate counts them all)
REPRODUCED_LISTS = $(sort $(foreach t,$(REPRODUCED),$(call lists,$(t))))
item_of = $(1):$(subst $(space),$(comma),$(strip $(NOCOUNTERS_$(1)) $(ORIGINAL_$(1))))
mgpu_items = $(foreach t,$(REPRODUCED),$(foreach l,$(call lists,$(t)),$(call item_of,$(l))))
# make reference: make reproduce's lists, then the rendered targets make reproduce leaves out
# (experiments/targets.csv's reproduce no: the kernels beside the authors', the warm-up study),
# one queue
REFERENCE_EXTRA = $(filter-out $(REPRODUCED) $(VERDICTS),$(RENDERED_TARGETS))
ref_items = $(mgpu_items) $(foreach t,$(REFERENCE_EXTRA),$(foreach l,$(call lists,$(t)),$(call item_of,$(l))))
# the costs: the reference's rows, measured under the full protocol; QUICK=1 or another WARMUP_S
# take SECS_PER_CONFIG a row instead (the reference's would be off by their warm-up)
COST_RUN = $(if $(filter 1,$(QUICK))$(WARMUP_S),,$(if $(wildcard data/runs/REFERENCE),data/runs/$(shell cat data/runs/REFERENCE)))
# $(1): the items, $(2): what to render after them, $(3): the target's name. One GPU (no GPUS): the
# lists measured by the sub-make, list by list, after the estimate (each list's measured cost in the
# reference run, or SECS_PER_CONFIG a row); GPUS=: multi-gpu.sh plans, prints its estimate (the
# chunks shared over the GPUs longest first, plus one ceilings run) and measures.
define measure_render
	$(Q)$(call slurm_handover,$(1))if [ "$(MODE)" = yes ] && [ -z "$(GPUS)" ] && [ "$(or $(REPLICAS),1)" != 1 ]; then \
	  echo "$(3): REPLICAS=$(REPLICAS) needs GPUS= (each replica on GPUs of its own)" >&2; exit 2; fi; \
	if [ "$(MODE)" = yes ] && [ -z "$(GPUS)" ] && [ "$(ADD)" = 1 ]; then \
	  echo "$(3): ADD=1 needs GPUS= (an invocation is measured through the node's queue)" >&2; exit 2; fi; \
	if [ "$(MODE)" = yes ] && [ -z "$(GPUS)" ]; then n=0 secs=0 lists=0 meas=0; \
	  ref=$$(cat data/runs/REFERENCE 2>/dev/null); for e in $(sort $(foreach i,$(1),$(firstword $(subst :, ,$(i))))); do \
	  [ -f experiments/$$e.csv ] || continue; n=$$((n + $$($(RUNS_TOOL) configs experiments/$$e.csv))); \
	  set -- $$($(RUNS_TOOL) estimate $(SECS_PER_CONFIG) experiments/$$e.csv data/runs/$$ref/$$e.csv); \
	  secs=$$((secs + $$1)) lists=$$((lists + 1)); [ "$$2" != measured ] || meas=$$((meas + 1)); done; \
	  echo "$(3): $$n configurations, about $$((secs / 60)) min on one GPU (each row's measured cost in \
	  $${ref:-no reference run} for $$meas of $$lists lists, $(SECS_PER_CONFIG) s a row for the rest; GPUS=all \
	  shares them over this node's GPUs)"; fi; \
	start=$$(date +%s); \
	$(if $(and $(GPUS),$(filter yes,$(MODE))),trap 'exit 130' INT; trap 'exit 143' TERM; \
		BENCH='$(BENCH)' RUNS_TOOL=$(RUNS_TOOL) COST_RUN='$(COST_RUN)' SECS_PER_CONFIG=$(SECS_PER_CONFIG) \
		REPLICA= scripts/multi-gpu.sh $(RUNDIR) '$(GPUS)' $(1) || [ $$? = 1 ] || exit 1;) \
	$(MAKE) -k --no-print-directory GPUS= $(2) && \
	echo "$(3): done in $$(( $$(date +%s) - start )) s"
endef
reproduce: ## every paper table and figure (the model-only ones too), then the verdicts (GPU: measures; else renders the recorded run)
reproduce: | $(RUNS_DEP)
	$(call measure_render,$(mgpu_items),$(REPRODUCED) $(MODEL_RUN_TARGETS) model-figures $(VERDICTS),reproduce)
	@echo "reproduce: make kernels-vs-authors$(if $(RUN_GIVEN), RUN=$(RUN)) puts the kernels beside the authors' artifacts; make reference measures all of it in one queue"
reference: ## the whole reproduction in one queue: make reproduce's lists, kernels-vs-authors and the warm-up study (GPU: GPUS=all spreads it over the node; else renders the recorded run)
reference: | $(RUNS_DEP)
# every GPU of the node unless GPUS names some (one GPU: a queue of one worker, shared rows still once)
reference: GPUS := $(or $(GPUS),all)
reference:
	$(call measure_render,$(ref_items),$(REPRODUCED) $(MODEL_RUN_TARGETS) model-figures $(VERDICTS) $(REFERENCE_EXTRA),reference)

ifeq ($(MODE),yes)
# make smoke: a reviewer's first 10 seconds on a GPU: every method and variant verified on one
# small problem and timed with the QUICK=1 protocol, into build/smoke/ (a check, never a recorded
# run: a dirty tree is allowed); its last line counts the rows verified, skipped and wrong
# (scripts/runs.sh smoke)
SMOKE_DIR := $(B)/smoke
smoke: $(BENCH_DEP) | $(RUNS_DEP) ## about 10 s on a GPU: every method and variant verified on one small problem, timed briefly, into build/smoke/
	$(Q)$(runs) smoke $(SMOKE_DIR)

# Targets that only measure (into data/runs/RUN/); on a GPU node without network, carry build/
# from a build machine and add NOBUILD=1
ceilings: $(RUNDIR)/ceilings.csv ## measure this GPU's ceilings into data/runs/RUN/ceilings.csv (GPU)
	@echo "ceilings: $<"
naive-core: ## measure the instrument's reference runs (GPU)
cuda-core: ## naive and ebisu on CUDA cores, tcs cases 1-6 (GPU)
dense-tc: ## dense tensor-core methods, tcs cases 1-5 (GPU)
sparse-tc: ## sparse tensor-core method and its dense twin, tcs Table 4 (GPU)
# the lists measured and checked, rendered by no table: one rule
$(MEASURED_LISTS): %: $(RUNDIR)/%.csv | $(RUNS_DEP)
	$(Q)$(runs) wrong $@ $<
test-gpu: $(BENCH_DEP) ## every GPU method at odd sizes against the CPU reference (skips without a GPU)
	$(Q)$(BENCH) check || { echo "test-gpu: failed (runner exit $$?)" >&2; exit 1; }

ncu-reports: ## ncu's report of each kernels-vs-authors configuration, into the run's ncu/ (GPU, ncu)
ncu-reports: $(BENCH_DEP) $(RUNS_DEP)
	$(Q)$(runs) git-clean $@ && BENCH='$(BENCH)' RUNS_TOOL=$(RUNS_TOOL) NCU='$(NCU)' \
		scripts/ncu-reports.sh experiments/kernels-vs-authors.csv $(RUNDIR)/ncu

NCU_DIR = $(RUNDIR)/ncu-check
ncu-check: $(BENCH_DEP) ## CUPTI counters vs ncu on box2d1r fp32 10240^2, within 1% (GPU, needs ncu)
	$(Q)$(runs) git-clean $@ && mkdir -p $(NCU_DIR) && \
	$(BENCH) run --stencil box2d1r --dtype fp32 --method naive --size 10240x10240 --quick \
		--out $(NCU_DIR)/cupti.csv && \
	$(NCU) --clock-control none --cache-control all --metrics $$($(BENCH) metrics) \
		--print-units base --csv --page raw -k regex:naive_stencil \
		--log-file $(NCU_DIR)/ncu-raw.csv $(BENCH) run --stencil box2d1r --dtype fp32 \
		--method naive --size 10240x10240 --profile-once --out $(NCU_DIR)/once.csv && \
	$(BENCH) ncu-compare --cupti $(NCU_DIR)/cupti.csv --ncu $(NCU_DIR)/ncu-raw.csv \
		| tee $(NCU_DIR)/compare.txt; exit $${PIPESTATUS[0]}
else
$(MEASURING):
	@echo "$@: no CUDA device visible: nothing measured here; recorded runs: $(recorded)"
endif
endif
