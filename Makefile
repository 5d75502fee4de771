# Makefile - stencil-repro: build, test and render every table and figure (one non-recursive make).
#
#   make help      every target with one line each
#   make table2    tcs Table 2 (F/Q/I validation): model and paper columns, measured ones on a GPU
#   make test      the CPU test suite (cmocka); no GPU needed
#
# Host code is C11 built with $(CC) into one library a floor (build/lib*.a); CUDA C (kernels/, profiling/) is built
# by nvcc for SM ?= 80 90 (and the last one's PTX, for newer GPUs) when nvcc exists. Dependencies through -MMD -MP for both compilers;
# compiler flags are tracked in build/*.flags so that a flag change rebuilds. Quiet unless V=1.
# Missing Debian packages are installed by scripts/deps.sh when run as root. This file holds the
# knobs and the shared definitions; the rules are in parts by role, included in this order:
# scripts/make/build.mk (host library and tools), test.mk, cuda.mk (the runner), model.mk (the
# model-only tables and figures), device.mk (measure or render, and the run), compare.mk (recorded
# runs side by side; two revisions' outputs alike), experiments.mk (the targets users type), report.mk (the whole reproduction as
# one page), slurm.mk (reproduce on Slurm).
# Every list of targets comes from experiments/targets.csv (build/targets.mk, which the renderer
# generates: build.mk).
#
# Knobs (make VAR=value TARGET):
#   RUN=NAME       the run directory data/runs/NAME/: one path component of [a-z0-9._-] (not . or
#                  ..), else make stops with a one-line error. With a device: default the runner's
#                  slug (GPU, UUID prefix, UTC date; -quick for QUICK=1). Without one: default the
#                  reference run data/runs/REFERENCE names where it holds the target's CSVs (a
#                  REFERENCE naming no recorded run is an error), else the newest recorded run
#                  holding them, else none (model and paper columns); RUN= renders that run.
#   QUICK=1        a labelled smoke run (short warm-up, few samples) into its own RUN
#   NOBUILD=1      use the tools under build/ as they are (a GPU node with build/ carried over)
#   COUNTERS=0     no CUPTI counter passes;  WARMUP_S=S  each row's own warm-up seconds (default
#                  1; under 1 every title says SHORTENED WARM-UP)
#   GPUS=all|0,1   make reproduce (and make reference, which takes every GPU when GPUS is not given)
#                  on several GPUs of this node, one queue, one run a model (scripts/multi-gpu.sh);
#                  CHUNK_S=S: a chunk's measured cost at most (default 60 s), CHUNK=N: N configurations
#   REPLICAS=N     with GPUS: every list measured N times, each on GPUs of its own (the GPUs split
#                  into N sets), its rows stacked in one run CSV (replica column): the verdicts are
#                  judged on each replica and decided only where all agree beyond the spread; a
#                  list is complete when each of its N replicas holds every configuration. Not
#                  with SLURM=1 (a one-line refusal); one GPU alone cannot replicate
#   ADD=1          with GPUS: a new invocation of RUN (make reference ADD=1 GPUS=all, after a first
#                  make reference): every list measured again, REPLICAS=N replicas numbered on from
#                  the run's, its rows stacked after the run's own (RUN/invocations.csv names each
#                  invocation's replicas, so that a configuration appears once an invocation on one
#                  GPU); interrupted, the same command resumes it. Not with SLURM=1
#   SLURM=1        make reproduce submits a Slurm job array (a task a chunk of the lists, a GPU each)
#                  and a dependent job that merges and renders the run, instead of measuring here
#                  (scripts/slurm.sh; scripts and logs in build/slurm/RUN/; RUN default
#                  slurm-DATE-HHMMSS). SLURM_PARTITION, SLURM_ACCOUNT, SLURM_TIME (a task's),
#                  SLURM_GRES (default gpu:1), SLURM_EXTRA (more sbatch options), SLURM_SBATCH
#                  (default sbatch); empty ones are left out. SLURM_SUBMIT=0 writes the scripts only
#   ALLOW_DIRTY=1  measure from a git tree with uncommitted changes (refused otherwise; a tree
#                  without .git, or with NOBUILD=1 a carried build/, is not checked); passed on to
#                  the runner, which refuses to measure with a binary built from a dirty tree
#                  unless it is set: with a carried build/, its compiled-in state decides
#   BENCH=PATH     the runner (default build/stencilbench);  GNUPLOT=PATH  the plotter
#   HAVE_GPU=1|0   whether this machine has a GPU (default: nvidia-smi lists one)
#   V=1            show every command;  CFLAGS, OPENMP (default -fopenmp), SM (default 80 90)
#   Switches take 0 or 1, WARMUP_S a number above 0 and at most 3600 (1e-1 and 0.1 alike), GPUS all
#   or indices, REPLICAS, CHUNK and CHUNK_S counts (1, 2, ...), GPU or not: else a one-line error.
#   (make help prints this list, from here.)
#
# Device and runner (how a target decides whether to measure):
#   - HAVE_GPU empty or 0 (no nvidia-smi GPU, as in CI): no device. Nothing is measured and the
#     runner is neither built nor needed; each target renders a recorded run (see RUN).
#   - HAVE_GPU=1: the runner is required. It is built (NOBUILD=1: taken as it is) and asked for
#     its slug; only its exit status 3 (no CUDA device visible) falls back to rendering recorded
#     runs. A missing or broken runner (127, 126, a signal, any other status) is a loud error.
#     The target is then made again by a sub-make with DEVICE=yes or DEVICE=no (internal).
#   - With a device, a target measures data/runs/RUN/T.csv unless it is complete: it parses and
#     holds one row per configuration of experiments/T.csv; a missing or truncated CSV is measured
#     again (delete it to re-measure). The run's ceilings.csv is measured first when missing.
#   - The runner's exit status: 0 done; 1 some rows failed verification: the CSV is complete, it
#     is kept and rendered (wrong rows shown as wrong), and the target prints the table, then a
#     "FAILED VERIFICATION" line and exits 1 - whenever the run it renders holds wrong rows, so
#     make fails at the end; 2 bad input, 3 no device (here: it vanished), 4 a CUDA or I/O error,
#     anything else: make stops with a one-line error naming the status; the run CSV is untouched.
#   - Rendered outputs record the run they came from (plots/out/.run/T, remade by every make:
#     the run chosen then and the checksums of what the renderer reads of it, its CSVs, meta.csv
#     and ceilings, each GPU's too): another RUN, another REFERENCE, a re-measured CSV, a run
#     added, deleted or copied under data/runs/ renders again; so does a change of the paper's
#     values (data/paper/), the hardware tables (data/hw/) or experiments/targets.csv. Nothing
#     about the runs is cached in a generated makefile, so the first make in a clone, an alias
#     (make table2) and the canonical name (make tcs-table2) choose alike.
#   - Safe to run twice at once in one clone: every output is written to a unique temporary name
#     and renamed, measurements hold build/measure.lock (scripts/runs.sh), and a failed or
#     interrupted step leaves the previous outputs as they were (they are .PRECIOUS).

# No .DELETE_ON_ERROR: every output is written through a temporary name and renamed, so a failed
# or interrupted step leaves the previous output intact, and make must not delete it (.PRECIOUS,
# below and at the end, also keeps an interrupted make from deleting a finished one).
.PRECIOUS: plots/out/% data/runs/%
.SECONDARY: build/.deps-build build/.deps-test build/.deps-plot
.SUFFIXES:
MAKEFLAGS += --no-builtin-rules --no-builtin-variables
SHELL := /bin/bash

CC := cc
CFLAGS ?= -O2 -g
# the CPU reference runs its loops on every core when OpenMP is there (gcc's libgomp)
OPENMP ?= -fopenmp
# C11 with POSIX 2008 (strtok_r, mkdtemp, ...). snprintf truncates on purpose throughout (every
# buffer bounded, every message cut rather than overrun), and gcc's guess at that changes with the
# optimisation level: -Wformat-truncation is off so that any CFLAGS builds. OPENMP= (no OpenMP):
# the loops' pragmas are ignored, quietly.
CSTD := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	-Wno-format-truncation $(if $(OPENMP),,-Wno-unknown-pragmas)
CPPFLAGS ?=
# every floor's headers (the tests and the flags' record; each floor compiles with its own, build.mk)
ALL_CPPFLAGS := -Imodel -Iplots/records -Iscripts/planner -Ikernels -Iprofiling -Iplots/render -Iplots/verdicts $(CPPFLAGS)
LDLIBS := -l:libcsv.a -l:libcholmod.a -l:libsuitesparseconfig.a -lm
NVCC ?= nvcc
SM ?= 80 90
# SASS for each SM, and the last one's PTX too, which a newer GPU (Blackwell) compiles when it loads
# the runner (the sm_90a files, wgmma, run on compute capability 9.0 only: no PTX of theirs)
GENCODE := $(foreach s,$(SM),-gencode arch=compute_$(s),code=sm_$(s)) \
	-gencode arch=compute_$(lastword $(SM)),code=compute_$(lastword $(SM))
HAVE_NVCC := $(shell command -v $(NVCC) >/dev/null 2>&1 && echo yes)
GNUPLOT ?= gnuplot
B := build
O := plots/out

V ?= 0
ifeq ($(V),1)
Q :=
say :=
else
Q := @
say = @printf '  %-8s %s\n' '$(1)' '$(2)';
endif

# ---- the parts, by role (scripts/make/) -----------------------------------------------------------
include scripts/make/build.mk
include scripts/make/test.mk
include scripts/make/cuda.mk
include scripts/make/model.mk
include scripts/make/device.mk
include scripts/make/compare.mk
include scripts/make/experiments.mk
include scripts/make/report.mk
include scripts/make/slurm.mk

.PRECIOUS: $(foreach t,$(RENDERED_TARGETS),$(O)/$(t).md $(O)/$(t).csv $(O)/.run/$(t) $(EXTRA_OUT_$(t))) \
	$(foreach f,$(FIGURES),$(O)/$(f).vars $(O)/$(f).png $(O)/$(f).svg) $(MODEL_OUTPUTS) \
	$(foreach t,$(MODEL_RUN_TARGETS),$(O)/$(t)-run.png $(O)/$(t)-run.svg) $(RUNDIR)/ceilings.csv

.PHONY: doc-tables
doc-tables: ## re-render the tables the documents quote from the reference run (or the working run a marker names), and the lists they keep as data (scripts/doc-tables.sh)
doc-tables: $(RENDER) $(PAGE)
	$(Q)for d in README.md REPRODUCE.md data/runs/HISTORY.md kernels/NOTES.md; do \
	  RENDER='$(RENDER)' PAGE='$(PAGE)' scripts/doc-tables.sh $$d || exit; done

# a recorded run's own outputs: RUN when given, else the run data/runs/REFERENCE names (a missing
# REFERENCE, or one that is not a run's name, is one line naming it: stencil-runs reference)
run_or_reference = data/runs/$(if $(RUN_GIVEN),$(RUN),$$($(RUNS_TOOL) reference))

.PHONY: design
design: ## where a recorded run's measurements vary: the variance components of log rate by stratum, from its replicated cells (RUN=NAME, default the reference run)
design: $(RENDER) | $(O) $(RUNS_DEP)
	$(Q)run=$(run_or_reference) && \
	$(RENDER) design --run "$$run" --outdir $(O) && cat $(O)/design.md

.PHONY: run-time
run-time: ## where a recorded run's time went, list by list: rows, wall time, its phases (RUN=NAME, default the reference run)
run-time: $(RENDER) | $(O) $(RUNS_DEP)
	$(Q)run=$(run_or_reference) && \
	$(RENDER) run-time --run "$$run" --outdir $(O) && cat $(O)/run-time.md

.PHONY: verdict-tally
verdict-tally: ## the verdicts of a recorded run counted by word, README.md's opening (RUN=NAME, default the reference run)
verdict-tally: $(RENDER) | $(O) $(RUNS_DEP)
	$(Q)run=$(run_or_reference) && \
	$(RENDER) verdict-tally --run "$$run" --outdir $(O) && cat $(O)/verdict-tally.md

.PHONY: appendix runs
appendix: ## REPRODUCE.md's table of experiments from a recorded run: each target's configurations, time and claims' verdicts (RUN=NAME, default the reference run)
appendix: $(RENDER) | $(O) $(RUNS_DEP)
	$(Q)run=$(run_or_reference) && \
	$(RENDER) appendix --run "$$run" --outdir $(O) && cat $(O)/appendix.md
runs: ## the registry of recorded runs (data/runs/runs.csv), checked against data/runs/, with a whole reproduction's time
runs: $(PAGE)
	$(Q)$(PAGE) runs-all && echo && $(PAGE) reproduce-time

clean: ## remove build/ and plots/out/
	$(call say,RM,$(B) plots/out)rm -rf $(B) plots/out

.PHONY: help
print-%: ## print a make variable (print-GPU_SLUG)
	@echo '$($*)'

help: ## list every target
	@echo "stencil-repro: make TARGET [VAR=value ...] (the Makefile's header says more)"
	@sed -n '/^# Knobs (make VAR=value TARGET):$$/,/^#$$/{/^#$$/d;s/^# \{0,1\}//;p;}' Makefile
	@echo "Targets:"
	@grep -hE '^[a-zA-Z0-9_.-]+:.*## ' $(filter %/targets.mk,$(MAKEFILE_LIST)) \
		$(filter-out %/targets.mk,$(MAKEFILE_LIST)) | \
		sed -E 's/^([^:]+):.*## (.*)/  \1\t\2/' | awk -F'\t' '{printf "  %-20s %s\n", $$1, $$2}' | sed 's/^    /  /'

-include $(LIB_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(TOOL_OBJ:.o=.d) $(GPU_OBJ:.o=.d)
