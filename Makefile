# Makefile - stencil-repro: build, test and render every table and figure (one non-recursive make).
#
#   make help      every target with one line each
#   make table2    tcs Table 2 (F/Q/I validation): model and paper columns, measured ones on a GPU
#   make test      the CPU test suite (cmocka); no GPU needed
#
# Host code is C11 built with $(CC) into build/libstencil.a; CUDA C (kernels/, profiling/) is built
# by nvcc for SM ?= 80 90 when nvcc exists. Dependencies through -MMD -MP for both compilers;
# compiler flags are tracked in build/*.flags so that a flag change rebuilds. Quiet unless V=1.
# Missing Debian packages are installed by scripts/deps.sh when run as root.
#
# Knobs (make VAR=value TARGET):
#   RUN=NAME       the run directory data/runs/NAME/: one path component of [a-z0-9._-] (not . or
#                  ..), else make stops with a one-line error. With a device: default the runner's
#                  slug (GPU, UUID prefix, UTC date; -quick for QUICK=1). Without one: default the
#                  newest recorded run holding the target's CSVs; RUN= renders that recorded run.
#   QUICK=1        a labelled smoke run (short warm-up, few samples) into its own RUN
#   NOBUILD=1      use the tools under build/ as they are (a GPU node with build/ carried over)
#   COUNTERS=0     no CUPTI counter passes;  WARMUP_S=S  the runner's warm-up seconds
#   ALLOW_DIRTY=1  measure from a git tree with uncommitted changes (refused otherwise; a tree
#                  without .git, or with NOBUILD=1 a carried build/, is not checked); passed on to
#                  the runner, which refuses to measure with a binary built from a dirty tree
#                  unless it is set: with a carried build/, its compiled-in state decides
#   BENCH=PATH     the runner (default build/stencilbench);  GNUPLOT=PATH  the plotter
#   HAVE_GPU=1|0   whether this machine has a GPU (default: nvidia-smi lists one)
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
#   - Rendered outputs record the run they came from (plots/out/.run/T: the run directory and
#     the checksums of its CSVs): another RUN, a re-measured CSV, or a run added, deleted or
#     copied under data/runs/ renders again. build/runs.mk (the newest recorded run per target)
#     is regenerated from a checksum listing of data/runs/*/*.csv.
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
CSTD := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CPPFLAGS ?=
ALL_CPPFLAGS := -Imodel -Iprofiling -Ikernels $(CPPFLAGS)
LDLIBS := -l:libcsv.a -lm
NVCC ?= nvcc
SM ?= 80 90
GENCODE := $(foreach s,$(SM),-gencode arch=compute_$(s),code=sm_$(s))
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

# ---- dependencies (Debian packages) -------------------------------------------------------------
# Stamps record a successful check; deps.sh installs (as root) or prints the apt-get line.
$(B)/.deps-%: scripts/deps.sh | $(B)
	$(Q)scripts/deps.sh $*
	$(Q)touch $@

$(B) $(B)/obj/model $(B)/obj/profiling $(B)/obj/kernels $(B)/obj/tests $(B)/tests $(O):
	$(Q)mkdir -p $@

# ---- writing outputs atomically ------------------------------------------------------------------
# Two makes at once in one clone must not see each other's half-written files: each output is
# written under a unique temporary name and renamed.
# $(1): a command writing $@ when given "-o FILE"
atomic = $(1) -o $@.tmp$$$$ && mv -f $@.tmp$$$$ $@ || { rm -f $@.tmp$$$$; exit 1; }
# $(1): a compile command (-MMD -MP): object and .d go to a private directory, then are renamed
compile = t=$$(mktemp -d $(@D)/.tmp.XXXXXX) && trap 'rm -rf "$$t"' EXIT && $(1) -o $$t/$(@F) && \
	d=$$t/$(basename $(@F)).d && { [ ! -f $$d ] || { sed "s|$$t/|$(@D)/|g" $$d > $$d.fixed && \
	mv -f $$d.fixed $(basename $@).d; }; } && mv -f $$t/$(@F) $@
# $(1): text; $@ gets it only when it differs (its dependents rebuild only on a change)
write_if_changed = [[ -f $@ && "$$(cat $@)" == '$(1)' ]] || \
	{ echo '$(1)' > $@.tmp$$$$ && mv -f $@.tmp$$$$ $@; }

# ---- flags tracking -------------------------------------------------------------------------------
cc_flags := $(CC) $(ALL_CPPFLAGS) $(CSTD) $(CFLAGS) $(OPENMP) | $(LDLIBS)
$(B)/cc.flags: FORCE | $(B)
	$(Q)$(call write_if_changed,$(cc_flags))
.PHONY: FORCE
FORCE:

# ---- host library and tools -------------------------------------------------------------------------
# every host C file of model/ (but the tools' mains, model/stencil-*.c), profiling/ and kernels/
LIB_SRC := $(filter-out model/stencil-%.c,$(wildcard model/*.c)) $(wildcard profiling/*.c kernels/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o)
LIB := $(B)/libstencil.a
TOOLS := $(B)/stencil-model $(B)/stencil-report $(B)/stencil-render
MODEL := $(B)/stencil-model
REPORT := $(B)/stencil-report
RENDER := $(B)/stencil-render
# the tools' main objects are made through a pattern chain: kept, not deleted as intermediate
.SECONDARY: $(TOOLS:$(B)/%=$(B)/obj/model/%.main.o)

cc = $(call compile,$(CC) $(ALL_CPPFLAGS) $(CSTD) $(CFLAGS) $(1) -MMD -MP -c $<)
$(B)/obj/model/%.o: model/%.c $(B)/cc.flags | $(B)/obj/model $(B)/.deps-build
	$(call say,CC,$<)$(call cc,$(OPENMP))
$(B)/obj/profiling/%.o: profiling/%.c $(B)/cc.flags | $(B)/obj/profiling $(B)/.deps-build
	$(call say,CC,$<)$(call cc,$(OPENMP))
$(B)/obj/kernels/%.o: kernels/%.c $(B)/cc.flags | $(B)/obj/kernels $(B)/.deps-build
	$(call say,CC,$<)$(call cc,$(OPENMP))

$(LIB): $(LIB_OBJ)
	$(call say,AR,$@)rm -f $@.tmp$$$$ && ar rcs $@.tmp$$$$ $^ && mv -f $@.tmp$$$$ $@

$(B)/obj/model/%.main.o: model/%.c $(B)/cc.flags | $(B)/obj/model $(B)/.deps-build
	$(call say,CC,$<)$(call cc)

$(B)/stencil-%: $(B)/obj/model/stencil-%.main.o $(LIB)
	$(call say,LD,$@)$(call atomic,$(CC) $(CFLAGS) $(OPENMP) $^ $(LDLIBS))

.PHONY: all
all: $(TOOLS) ## build the host library and the model/report tools
.DEFAULT_GOAL := help

# ---- tests --------------------------------------------------------------------------------------
TEST_SRC := $(wildcard tests/*.c)
TEST_OBJ := $(TEST_SRC:tests/%.c=$(B)/obj/tests/%.o)
TEST_BIN := $(B)/tests/run-tests

$(B)/obj/tests/%.o: tests/%.c $(B)/cc.flags | $(B)/obj/tests $(B)/.deps-test
	$(call say,CC,$<)$(call cc,-Itests)

$(TEST_BIN): $(TEST_OBJ) $(LIB) | $(B)/tests
	$(call say,LD,$@)$(call atomic,$(CC) $(CFLAGS) $(OPENMP) $^ -lcmocka $(LDLIBS))

# The suite also checks what the model-only targets rendered, so they are made first.
RENDERED = $(foreach f,tcs-figure9 tcs-figure10 tcs-figure14,$(O)/$(f).png $(O)/$(f).svg) \
	$(O)/tcs-table2-model.md $(O)/sptc-table1.md $(O)/tcstencil-table1.md

.PHONY: test
test: ## run the CPU test suite (no GPU needed); ends with "N passed, N failed"
test: $(TEST_BIN) $(TOOLS) $(RENDERED)
	$(Q)STENCIL_REPRO_ROOT=$(CURDIR) $(TEST_BIN) $(B)

# ---- CUDA (kernels/, profiling/): built only where nvcc exists --------------------------------------
# build/stencilbench: the runner, the microbenchmarks and every kernel. libcsv is linked statically
# and CUPTI through an rpath that covers this machine's toolkit and the GPU machine's, so build/
# can be built here and carried to a GPU node without network.
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(realpath $(shell command -v $(NVCC) 2>/dev/null)))
CUDA_LIBDIRS := $(wildcard $(CUDA_HOME)/lib64 $(CUDA_HOME)/lib $(CUDA_HOME)/targets/x86_64-linux/lib)
RPATH := /usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib:/usr/local/cuda/extras/CUPTI/lib64
RPATH := $(RPATH):$(subst $(eval) ,:,$(CUDA_LIBDIRS))
NVCCFLAGS := $(GENCODE) -O3 -std=c++17 -Xcompiler -Wall,$(OPENMP)
# every CUDA file: the kernels (each registers its method) and the runner
GPU_SRC := $(wildcard kernels/*.cu profiling/*.cu)
GPU_OBJ := $(GPU_SRC:%.cu=$(B)/obj/%.cu.o)
BENCH_BIN := $(B)/stencilbench
BENCH ?= $(BENCH_BIN)
# the runner is built here unless NOBUILD=1 or BENCH names another one
BENCH_DEP := $(if $(NOBUILD),,$(filter $(BENCH_BIN),$(BENCH)))
GIT_COMMIT := $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
GIT_DIRTY := $(shell git rev-parse HEAD >/dev/null 2>&1 && { \
	[ -z "$$(git status --porcelain --untracked-files=no 2>/dev/null)" ] && echo no || echo yes; } \
	|| echo unknown)

nvcc_flags := $(NVCC) $(NVCCFLAGS) $(ALL_CPPFLAGS)
$(B)/nvcc.flags: FORCE | $(B)
	$(Q)$(call write_if_changed,$(nvcc_flags))
# the commit (git rev-parse HEAD) and dirty state are compiled into meta.csv's writer only
$(B)/git.flags: FORCE | $(B)
	$(Q)$(call write_if_changed,$(GIT_COMMIT) $(GIT_DIRTY))
$(B)/obj/profiling/gpu.cu.o: $(B)/git.flags
$(B)/obj/profiling/gpu.cu.o: NVCC_EXTRA = -DSTENCIL_GIT_COMMIT='"$(GIT_COMMIT)"' \
	-DSTENCIL_GIT_DIRTY='"$(GIT_DIRTY)"'

$(B)/obj/%.cu.o: %.cu $(B)/nvcc.flags | $(B)/.deps-build
	$(Q)mkdir -p $(@D)
	$(call say,NVCC,$<)$(call compile,$(NVCC) $(NVCCFLAGS) $(ALL_CPPFLAGS) $(NVCC_EXTRA) -MMD -MP -c $<)

$(BENCH_BIN): $(GPU_OBJ) $(LIB)
	$(call say,NVLD,$@)$(call atomic,$(NVCC) $(GENCODE) $^ $(addprefix -L,$(CUDA_LIBDIRS)) \
		-l:libcsv.a -lcupti -ldl -lm -Xcompiler $(OPENMP) -Xlinker -rpath$(comma)$(RPATH))

.PHONY: stencilbench
ifeq ($(HAVE_NVCC),yes)
stencilbench: $(BENCH_BIN) ## build the runner (needs nvcc; runs on a GPU machine)
else
stencilbench:
	@echo "stencilbench: nvcc not found: the CUDA parts are skipped (model, tables and plots still build)"
endif

.PHONY: resource-report sass-report
sass-report: ## tensor-core instructions (HMMA, DMMA) each kernel issues, from the SASS (cuobjdump)
sass-report: $(BENCH_DEP)
	$(Q)mkdir -p $(B) && scripts/sass-summary.sh $(BENCH) sm_90 > $(B)/sass-report.txt && \
		echo "wrote $(B)/sass-report.txt" && cat $(B)/sass-report.txt

resource-report: ## the compiler's registers, shared memory and spills of every kernel (needs nvcc)
	$(Q)mkdir -p $(B) && for f in kernels/*.cu; do $(NVCC) $(NVCCFLAGS) $(ALL_CPPFLAGS) -Xptxas -v \
		-c $$f -o /dev/null 2>&1; done | grep -E "Compiling entry|Used|spill" | c++filt \
		> $(B)/resource-report.txt && echo "wrote $(B)/resource-report.txt"

.PHONY: gpu-check
gpu-check: ## say whether the CUDA parts can be built here
	$(Q)$(if $(HAVE_NVCC),echo "nvcc found ($(CUDA_HOME)): CUDA parts build for SM $(SM)",\
		echo "nvcc not found: the CUDA parts are skipped (model, tables and plots still build)")

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

$(O)/tcs-figure10-model.csv: experiments/tcs-figure10.csv data/hw/gpus.csv $(if $(NOBUILD),,$(MODEL)) | $(O)
	$(call say,MODEL,$@)$(MODEL) --experiment $< --gpu $(FIG_GPUS) --out $@
$(O)/tcs-figure10.png $(O)/tcs-figure10.svg &: plots/tcs-figure10.gp $(O)/tcs-figure10-model.csv \
		| $(B)/.deps-plot
	$(call gnuplot,model='$(O)/tcs-figure10-model.csv'; measured=''; fit='')

$(O)/tcs-figure14-model.csv: experiments/tcs-figure14.csv data/hw/gpus.csv $(MODEL) | $(O)
	$(call say,MODEL,$@)$(MODEL) --experiment $< --gpu $(MAP_GPUS) --out $@
$(O)/tcs-figure14.png $(O)/tcs-figure14.svg &: plots/tcs-figure14.gp $(O)/tcs-figure14-model.csv \
		| $(B)/.deps-plot
	$(call gnuplot,model='$(O)/tcs-figure14-model.csv')

$(O)/tcs-figure9-map.csv: data/hw/gpus.csv $(MODEL) | $(O)
	$(call say,MODEL,$@)$(MODEL) --scenario-map --gpu $(MAP_GPUS) --out $@
$(O)/tcs-figure9-cases.csv: experiments/tcs-figure9.csv data/hw/gpus.csv $(MODEL) | $(O)
	$(call say,MODEL,$@)$(MODEL) --experiment $< --gpu A100-PCIe-80GB --out $@
$(O)/tcs-figure9.png $(O)/tcs-figure9.svg &: plots/tcs-figure9.gp $(O)/tcs-figure9-map.csv \
		$(O)/tcs-figure9-cases.csv | $(B)/.deps-plot
	$(call gnuplot,map='$(O)/tcs-figure9-map.csv'; cases='$(O)/tcs-figure9-cases.csv')

# Paper tables: the report tool writes NAME.csv and NAME.md.
$(O)/tcs-table2-model.md $(O)/tcs-table2-model.csv &: data/paper/tcs-table2.csv data/hw/gpus.csv \
		$(REPORT) | $(O)
	$(call say,REPORT,$@)$(REPORT) tcs-table2 --outdir $(O) >/dev/null
$(O)/sptc-table1.md $(O)/sptc-table1.csv &: data/paper/sptc-table1.csv $(REPORT) | $(O)
	$(call say,REPORT,$@)$(REPORT) sptc-table1 --outdir $(O) >/dev/null
$(O)/tcstencil-table1.md $(O)/tcstencil-table1.csv $(O)/tcstencil-ai.md $(O)/tcstencil-ai.csv &: \
		data/paper/tcstencil-table1.csv data/paper/tcstencil-ai.csv $(REPORT) | $(O)
	$(call say,REPORT,$@)$(REPORT) tcstencil-table1 --outdir $(O) >/dev/null

.PHONY: tcs-table2-model sptc-table1 tcstencil-table1 tcs-figure9 tcs-figure14 model-figures
tcs-table2-model: $(O)/tcs-table2-model.md ## tcs Table 2, model vs paper only (rho, sigma, F, Q, I)
	@echo "tcs-table2-model: wrote $(O)/tcs-table2-model.md and .csv"
sptc-table1: $(O)/sptc-table1.md ## sptc Table 1: compute and memory access per point, model vs paper
	@echo "sptc-table1: wrote $(O)/sptc-table1.md and .csv"
tcstencil-table1: $(O)/tcstencil-table1.md $(O)/tcstencil-ai.md ## tcstencil Table 1 (I_max) and appendix AIs
	@echo "tcstencil-table1: wrote $^"
tcs-figure9: ## four-scenario map, CUDA cores vs (sparse) tensor cores, A100 and H200
tcs-figure9: $(O)/tcs-figure9.png $(O)/tcs-figure9.svg
	@echo "tcs-figure9: $^"
tcs-figure14: $(O)/tcs-figure14.png $(O)/tcs-figure14.svg ## sparse tensor cores widen the sweet spot (eq. 19)
	@echo "tcs-figure14: $^"
model-figures: ## every model-only target
model-figures: tcs-figure9 tcs-figure14 sptc-table1 tcstencil-table1 tcs-table2-model $(O)/tcs-figure10.png

.PHONY: clean
# ---- device, runner and runs (the header says how a target decides to measure) --------------------
export QUICK COUNTERS WARMUP_S ALLOW_DIRTY NOBUILD
HAVE_GPU ?= $(shell nvidia-smi -L >/dev/null 2>&1 && echo 1)
GPU := $(filter 1,$(HAVE_GPU))
ifeq ($(GPU),)
DEVICE := no
endif
# DEVICE (yes|no) is set by the sub-make after the runner's probe; unset with a GPU: the user
# targets probe first (DISPATCH), file targets typed directly measure
DISPATCH := $(if $(DEVICE),,1)
MODE := $(or $(DEVICE),yes)
QUICK_SUFFIX := $(if $(filter 1,$(QUICK)),-quick)

# RUN: one path component of [a-z0-9._-], not . or .. (checked wherever it is given)
RUN_GIVEN := $(filter command environment override,$(origin RUN))
run_chars := a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9 . _ -
strip_chars = $(if $(2),$(call strip_chars,$(subst $(firstword $(2)),,$(1)),$(wordlist 2,99,$(2))),$(1))
run_bad = $(or $(filter-out 1,$(words $(1))),$(filter . ..,$(1)),$(call strip_chars,$(1),$(run_chars)))
check_run = $(if $(call run_bad,$(1)),$(error RUN='$(1)' is not a run name: one path component \
	of [a-z0-9._-] (not . or ..) under data/runs/))
ifneq ($(RUN_GIVEN),)
$(call check_run,$(RUN))
else ifeq ($(MODE),yes)
# this GPU's slug (GPU name, the first 8 hex digits of its UUID, UTC date), computed as
# profiling/gpu.cu does, for file targets typed directly; the user targets take the runner's own
GPU_SLUG := $(shell nvidia-smi --query-gpu=name,uuid --format=csv,noheader 2>/dev/null | head -1 | \
	tr 'A-Z' 'a-z' | sed -E 's/, *gpu-([0-9a-f]{8}).*/ \1/; s/[^a-z0-9]+/-/g; s/^-+//; s/-+$$//; \
	s/^nvidia-//')-$(shell date -u +%F)
RUN := $(GPU_SLUG)$(QUICK_SUFFIX)
endif
RUNDIR = data/runs/$(RUN)
runs = BENCH='$(BENCH)' LOCK=$(B)/measure.lock SECS_PER_CONFIG=$(SECS_PER_CONFIG) scripts/runs.sh
NCU ?= ncu
recorded = $$(ls -d data/runs/*/ 2>/dev/null | tr '\n' ' ')

# ---- the experiments users type -----------------------------------------------------------------
# Each target is a chain of file targets:
#   experiments/T.csv -> data/runs/RUN/T.csv (stencilbench, with a device) -> plots/out/.run/T
#   (the run it renders, with checksums) -> plots/out/T.{csv,md} (stencil-render: run + model on
#   the run's ceilings + paper) -> plots/out/T.{png,svg} (gnuplot)
# and `make T` is a phony alias. Without a device each target renders RUN when given, else the
# newest recorded run that holds its CSVs (build/runs.mk) and says so; with none recorded, the
# model and paper columns. NOBUILD=1 (a GPU node with build/ carried): the tools as they are.
RENDER_DEP := $(if $(NOBUILD),,$(RENDER))
PLOT_DEP := $(if $(NOBUILD),,$(B)/.deps-plot)
# The rendered targets come from one table, experiments/targets.csv: build/targets.mk (made by
# scripts/targets.sh) gives EXPERIMENTS (each with a configuration list of its name), REPRODUCED
# (what `make reproduce` makes: the papers' items, not kernels-vs-authors, which is made after it
# on the same RUN), FIGURES, TABLES, RENDERED_TARGETS, each target's NOCOUNTERS_ and EXTRA_OUT_,
# INPUTS_T where a target reads other lists than its own (verdicts: those its claims name), and
# the aliases' help lines.
$(B)/targets.mk: experiments/targets.csv data/paper/claims.csv scripts/targets.sh | $(B)
	$(Q)scripts/targets.sh experiments/targets.csv data/paper/claims.csv > $@.tmp$$$$ && \
	  mv -f $@.tmp$$$$ $@ || { rm -f $@.tmp$$$$; exit 1; }
include $(B)/targets.mk
MEASURED_LISTS := naive-core cuda-core dense-tc sparse-tc
MEASURING := ceilings $(MEASURED_LISTS) test-gpu ncu-check ncu-reports
inputs = $(or $(INPUTS_$(1)),$(1))
# seconds a configuration takes, for the estimate printed before a run, as measured on the H100
# (REPRODUCE.md): 2.0 with the full protocol (1 s warm-up, samples, counter passes; 529 s for
# 280), 0.3 with QUICK=1 (88 s for 273)
SECS_PER_CONFIG := $(if $(filter 1,$(QUICK)),0.3,2.0)

ifeq ($(MODE),yes)
run_of = $(RUNDIR)
# measured unless complete (scripts/runs.sh decides; a complete CSV is left as it is, so that
# nothing downstream renders again); a failure leaves the previous CSV untouched
$(RUNDIR)/ceilings.csv: FORCE | $(BENCH_DEP)
	$(Q)$(runs) ceilings $(RUNDIR)
$(RUNDIR)/%.csv: FORCE $(RUNDIR)/ceilings.csv | experiments/%.csv $(BENCH_DEP)
	$(Q)$(runs) measure $* $@ experiments/$*.csv $(NOCOUNTERS_$*)
else
# the newest recorded run holding each target's CSVs (empty: none), for the goals that render
ifneq ($(filter $(RENDERED_TARGETS) reproduce table2 table3 table4 figure10 tcs-figure10 $(O)/%,\
	$(MAKECMDGOALS)),)
# (include, not -include: a failure to generate it must stop make, not render model-only tables)
include $(B)/runs.mk
endif
# a content listing of data/runs/ (rewritten only when it changes) drives the index
$(B)/runs.list: FORCE | $(B)
	$(Q)$(runs) list data/runs > $@.tmp$$$$ && { cmp -s $@.tmp$$$$ $@ && rm -f $@.tmp$$$$ || \
	  mv -f $@.tmp$$$$ $@; }
$(B)/runs.mk: $(B)/runs.list $(RENDER_DEP) | $(B)
	$(Q){ $(foreach t,$(RENDERED_TARGETS),$(runs) newest $(RENDER) $(t) \
	  $(patsubst %,%.csv,$(call inputs,$(t))) &&) true; } > $@.tmp$$$$ && mv -f $@.tmp$$$$ $@ || \
	  { rm -f $@.tmp$$$$; exit 1; }
run_of = $(if $(RUN_GIVEN),$(RUNDIR),$(RUN_OF_$(1)))
data/runs/%.csv:
	@echo "$@ is not recorded, and there is no CUDA device here to measure it" >&2; exit 1
endif
say_run = $(if $(filter no,$(MODE)),$(if $(call run_of,$(1)),echo "no CUDA device: rendering the \
	recorded run $(call run_of,$(1))",echo "no CUDA device and no recorded run: rendering the model \
	and paper columns (measurements need a GPU)"); )
# after the table: a run with rows that failed verification makes the target fail
check_wrong = $(if $(call run_of,$(1)),$(runs) wrong $(1) $(call run_csvs,$(1)))
run_csvs = $(foreach e,$(call inputs,$(1)),$(call run_of,$(1))/$(e).csv)

# $(1): a rendered target; it reads its inputs' lists and run CSVs (all from one run), recorded
# in $(O)/.run/$(1) so that another run, or a changed one, renders again
define render_rule
$(O)/.run/$(1): FORCE $(if $(call run_of,$(1)),$(call run_csvs,$(1))) | $(O)/.run
	$(Q)$(runs) stamp $$@ '$(call run_of,$(1))' $(if $(call run_of,$(1)),$(call run_csvs,$(1)))
$(O)/$(1).md $(O)/$(1).csv $(EXTRA_OUT_$(1)) $(if $(filter $(1),$(FIGURES)),$(O)/$(1).vars) &: \
		$(foreach e,$(call inputs,$(1)),experiments/$(e).csv) \
		$(O)/.run/$(1) $(RENDER_DEP) | $(O)
	$(Q)$(call say_run,$(1))$(RENDER) $(1) $(if $(call run_of,$(1)),--run $(call run_of,$(1))) \
		--outdir $(O)
endef
$(foreach t,$(RENDERED_TARGETS),$(eval $(call render_rule,$(t))))
$(O)/.run:
	$(Q)mkdir -p $@

# figures: the renderer's $(O)/F.vars gives the title (the rendered table's: GPU, run, commit)
# and the methods it draws
$(foreach f,$(FIGURES),$(eval $(O)/$(f).png $(O)/$(f).svg &: plots/$(f).gp $(O)/$(f).csv $(O)/$(f).vars \
	| $(PLOT_DEP) ; $$(call gnuplot,data='$(O)/$(f).csv'; fit='$(O)/$(f)-fit.csv'; load '$(O)/$(f).vars')))
$(O)/tcs-figure10-run.png $(O)/tcs-figure10-run.svg &: plots/tcs-figure10.gp $(O)/tcs-figure10-model.csv \
		$(O)/tcs-figure15.csv $(O)/tcs-figure15.vars | $(PLOT_DEP)
	$(call gnuplot,model='$(O)/tcs-figure10-model.csv'; measured='$(O)/tcs-figure15.csv'; \
		fit='$(O)/tcs-figure15-fit.csv'; load '$(O)/tcs-figure15.vars')

USER_TARGETS := $(EXPERIMENTS) verdicts reproduce table2 table3 table4 figure10 tcs-figure10 $(MEASURING)
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
$(1): $(O)/$(1).md
	@cat $$<
	$$(Q)$$(call check_wrong,$$@)
endef
define figure_alias
$(1): $(O)/$(1).png
	@echo "$(1): $(O)/$(1).csv,$(if $(EXTRA_OUT_$(1)), -fit.csv,) .md (and .png, .svg where gnuplot exists)"
	$$(Q)$$(call check_wrong,$$@)
endef
$(foreach t,$(TABLES),$(eval $(call table_alias,$(t))))
$(foreach t,$(FIGURES),$(eval $(call figure_alias,$(t))))
tcs-figure10: ## tcs Figure 10: model AI vs depth, datasheet ridges, this run's ridge and measured AI
tcs-figure10: $(O)/tcs-figure10-run.png
	@echo "tcs-figure10: $(O)/tcs-figure10-run.png and .svg (model only: $(O)/tcs-figure10.png)"
	$(Q)$(call check_wrong,tcs-figure15)
table2: tcs-table2 ## = tcs-table2
table3: tcs-table3 ## = tcs-table3
table4: tcs-table4 ## = tcs-table4
figure10: sptc-figure10 ## = sptc-figure10
reproduce: ## every paper table and figure, then the verdicts (GPU: measures; else renders the recorded run)
	$(Q)if [ "$(MODE)" = yes ]; then n=0; for e in $(REPRODUCED); do \
	  n=$$((n + $$(grep -cv '^#' experiments/$$e.csv) - 1)); done; \
	  echo "reproduce: $$n configurations, about $$(awk "BEGIN{printf \"%.0f\", \
	  $$n * $(SECS_PER_CONFIG) / 60}") min"; fi; \
	start=$$(date +%s); \
	$(MAKE) -k --no-print-directory $(REPRODUCED) tcs-figure10 verdicts && \
	echo "reproduce: done in $$(( $$(date +%s) - start )) s; make kernels-vs-authors$(if \
	$(RUN_GIVEN), RUN=$(RUN)) puts the kernels beside the authors' artifacts"

ifeq ($(MODE),yes)
# Targets that only measure (into data/runs/RUN/); on a GPU node without network, carry build/
# from a build machine and add NOBUILD=1
ceilings: $(RUNDIR)/ceilings.csv ## measure this GPU's ceilings into data/runs/RUN/ceilings.csv (GPU)
	@echo "ceilings: $<"
naive-core: ## measure the instrument's reference runs (GPU)
cuda-core: ## naive and ebisu on CUDA cores, tcs cases 1-6 (GPU)
dense-tc: ## dense tensor-core methods, tcs cases 1-5 (GPU)
sparse-tc: ## sparse tensor-core method and its dense twin, tcs Table 4 (GPU)
# the lists measured and checked, rendered by no table: one rule
$(MEASURED_LISTS): %: $(RUNDIR)/%.csv
	$(Q)$(runs) wrong $@ $<
test-gpu: $(BENCH_DEP) ## every GPU method at odd sizes against the CPU reference (skips without a GPU)
	$(Q)$(BENCH) check || { echo "test-gpu: failed (runner exit $$?)" >&2; exit 1; }

ncu-reports: ## ncu's report of each kernels-vs-authors configuration, into the run's ncu/ (GPU, ncu)
ncu-reports: $(BENCH_DEP)
	$(Q)$(runs) git-clean $@ && BENCH='$(BENCH)' NCU='$(NCU)' \
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

.PRECIOUS: $(foreach t,$(RENDERED_TARGETS),$(O)/$(t).md $(O)/$(t).csv $(O)/.run/$(t)) \
	$(foreach f,$(FIGURES),$(O)/$(f).vars) \
	$(EXTRA_OUT_tcs-figure15) \
	$(RENDERED) $(O)/tcstencil-ai.md $(O)/tcstencil-ai.csv $(O)/tcs-table2-model.csv \
	$(O)/sptc-table1.csv $(O)/tcstencil-table1.csv $(O)/tcs-figure9-map.csv $(O)/tcs-figure9-cases.csv \
	$(O)/tcs-figure10-model.csv $(O)/tcs-figure14-model.csv $(RUNDIR)/ceilings.csv \
	$(foreach f,$(FIGURES) tcs-figure10-run tcs-figure10,$(O)/$(f).png $(O)/$(f).svg)

clean: ## remove build/ and plots/out/
	$(call say,RM,$(B) plots/out)rm -rf $(B) plots/out

.PHONY: help
print-%: ## print a make variable (print-GPU_SLUG)
	@echo '$($*)'

help: ## list every target
	@echo "stencil-repro: make TARGET [VAR=value ...] (the Makefile's header says more)"
	@echo "  RUN=NAME       the run under data/runs/ ([a-z0-9._-]; default: this GPU's or the newest)"
	@echo "  QUICK=1        a labelled smoke run;  COUNTERS=0  no counter passes"
	@echo "  WARMUP_S=S     the runner's warm-up seconds;  NOBUILD=1  use build/ as carried (GPU node)"
	@echo "  ALLOW_DIRTY=1  measure from a git tree with uncommitted changes"
	@echo "  HAVE_GPU=0|1   override nvidia-smi's answer;  BENCH=, GNUPLOT=  another runner, plotter"
	@grep -hE '^[a-zA-Z0-9_.-]+:.*## ' $(filter %/targets.mk,$(MAKEFILE_LIST)) \
		$(filter-out %/targets.mk,$(MAKEFILE_LIST)) | \
		sed -E 's/^([^:]+):.*## (.*)/  \1\t\2/' | awk -F'\t' '{printf "  %-20s %s\n", $$1, $$2}' | sed 's/^    /  /'

-include $(LIB_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(TOOLS:$(B)/%=$(B)/obj/model/%.main.d) $(GPU_OBJ:.o=.d)
