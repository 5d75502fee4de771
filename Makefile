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

.DELETE_ON_ERROR:
.SECONDARY:
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

# ---- flags tracking -------------------------------------------------------------------------------
cc_flags := $(CC) $(ALL_CPPFLAGS) $(CSTD) $(CFLAGS) $(OPENMP) | $(LDLIBS)
$(B)/cc.flags: FORCE | $(B)
	$(Q)[[ -f $@ && "$$(cat $@)" == '$(cc_flags)' ]] || echo '$(cc_flags)' > $@
.PHONY: FORCE
FORCE:

# ---- host library and tools -------------------------------------------------------------------------
LIB_SRC := model/stencil.c model/method.c model/roofline.c model/hw.c model/csvio.c \
	   model/papers.c model/cli.c model/report.c model/render.c \
	   profiling/stats.c profiling/protocol.c profiling/grid.c profiling/experiment.c \
	   kernels/transform.c kernels/sparse.c
LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o)
LIB := $(B)/libstencil.a
TOOLS := $(B)/stencil-model $(B)/stencil-report $(B)/stencil-render
MODEL := $(B)/stencil-model
REPORT := $(B)/stencil-report
RENDER := $(B)/stencil-render

$(B)/obj/model/%.o: model/%.c $(B)/cc.flags | $(B)/obj/model $(B)/.deps-build
	$(call say,CC,$<)$(CC) $(ALL_CPPFLAGS) $(CSTD) $(CFLAGS) -MMD -MP -c $< -o $@
$(B)/obj/profiling/%.o: profiling/%.c $(B)/cc.flags | $(B)/obj/profiling $(B)/.deps-build
	$(call say,CC,$<)$(CC) $(ALL_CPPFLAGS) $(CSTD) $(CFLAGS) $(OPENMP) -MMD -MP -c $< -o $@
$(B)/obj/kernels/%.o: kernels/%.c $(B)/cc.flags | $(B)/obj/kernels $(B)/.deps-build
	$(call say,CC,$<)$(CC) $(ALL_CPPFLAGS) $(CSTD) $(CFLAGS) $(OPENMP) -MMD -MP -c $< -o $@

$(LIB): $(LIB_OBJ)
	$(call say,AR,$@)rm -f $@ && ar rcs $@ $^

$(B)/obj/model/%.main.o: model/%.c $(B)/cc.flags | $(B)/obj/model $(B)/.deps-build
	$(call say,CC,$<)$(CC) $(ALL_CPPFLAGS) $(CSTD) $(CFLAGS) -MMD -MP -c $< -o $@

$(B)/stencil-%: $(B)/obj/model/stencil-%.main.o $(LIB)
	$(call say,LD,$@)$(CC) $(CFLAGS) $(OPENMP) -o $@ $^ $(LDLIBS)

.PHONY: all
all: $(TOOLS) ## build the host library and the model/report tools
.DEFAULT_GOAL := help

# ---- tests --------------------------------------------------------------------------------------
TEST_SRC := $(wildcard tests/*.c)
TEST_OBJ := $(TEST_SRC:tests/%.c=$(B)/obj/tests/%.o)
TEST_BIN := $(B)/tests/run-tests

$(B)/obj/tests/%.o: tests/%.c $(B)/cc.flags | $(B)/obj/tests $(B)/.deps-test
	$(call say,CC,$<)$(CC) $(ALL_CPPFLAGS) -Itests $(CSTD) $(CFLAGS) -MMD -MP -c $< -o $@

$(TEST_BIN): $(TEST_OBJ) $(LIB) | $(B)/tests
	$(call say,LD,$@)$(CC) $(CFLAGS) $(OPENMP) -o $@ $^ -lcmocka $(LDLIBS)

# The suite also checks what the model-only targets rendered, so they are made first.
RENDERED = $(foreach f,tcs-figure9 tcs-figure10 tcs-figure14,$(O)/$(f).png $(O)/$(f).svg) \
	$(O)/tcs-table2-model.md $(O)/sptc-table1.md $(O)/tcstencil-table1.md

.PHONY: test
test: $(TEST_BIN) $(TOOLS) $(RENDERED) ## run the CPU test suite (no GPU needed); ends with "N passed, N failed"
	$(Q)STENCIL_REPRO_ROOT=$(CURDIR) $(TEST_BIN) $(B)

# ---- CUDA (kernels/, profiling/): built only where nvcc exists --------------------------------------
# build/stencilbench: the runner, the microbenchmarks and every kernel. libcsv is linked statically
# and CUPTI through an rpath that covers this machine's toolkit and the GPU machine's, so build/
# can be built here and carried to a GPU node without network.
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(realpath $(shell command -v $(NVCC) 2>/dev/null)))
CUDA_LIBDIRS := $(wildcard $(CUDA_HOME)/lib64 $(CUDA_HOME)/lib $(CUDA_HOME)/targets/x86_64-linux/lib)
RPATH := /usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib:/usr/local/cuda/extras/CUPTI/lib64:$(subst $(eval) ,:,$(CUDA_LIBDIRS))
NVCCFLAGS := $(GENCODE) -O3 -std=c++17 -Xcompiler -Wall,$(OPENMP)
GPU_SRC := kernels/naive.cu kernels/ebisu.cu kernels/cudnn.cu kernels/convstencil.cu kernels/tcstencil.cu kernels/spider.cu kernels/registry.cu profiling/gpu.cu profiling/counters.cu \
	   profiling/ceilings.cu profiling/stencilbench.cu
GPU_OBJ := $(GPU_SRC:%.cu=$(B)/obj/%.cu.o)
BENCH := $(B)/stencilbench
GIT_COMMIT := $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
GIT_DIRTY := $(shell git rev-parse HEAD >/dev/null 2>&1 && { [ -z "$$(git status --porcelain --untracked-files=no 2>/dev/null)" ] && echo no || echo yes; } || echo unknown)

nvcc_flags := $(NVCC) $(NVCCFLAGS) $(ALL_CPPFLAGS)
$(B)/nvcc.flags: FORCE | $(B)
	$(Q)[[ -f $@ && "$$(cat $@)" == '$(nvcc_flags)' ]] || echo '$(nvcc_flags)' > $@
# the commit is compiled into meta.csv's writer only
$(B)/git.flags: FORCE | $(B)
	$(Q)[[ -f $@ && "$$(cat $@)" == '$(GIT_COMMIT) $(GIT_DIRTY)' ]] || echo '$(GIT_COMMIT) $(GIT_DIRTY)' > $@
$(B)/obj/profiling/gpu.cu.o: $(B)/git.flags
$(B)/obj/profiling/gpu.cu.o: NVCC_EXTRA = -DSTENCIL_GIT_COMMIT='"$(GIT_COMMIT)"' -DSTENCIL_GIT_DIRTY='"$(GIT_DIRTY)"'

$(B)/obj/%.cu.o: %.cu $(B)/nvcc.flags | $(B)/.deps-build
	$(Q)mkdir -p $(@D)
	$(call say,NVCC,$<)$(NVCC) $(NVCCFLAGS) $(ALL_CPPFLAGS) $(NVCC_EXTRA) -MMD -MP -c $< -o $@

$(BENCH): $(GPU_OBJ) $(LIB)
	$(call say,NVLD,$@)$(NVCC) $(GENCODE) -o $@ $^ $(addprefix -L,$(CUDA_LIBDIRS)) \
		-l:libcsv.a -lcupti -ldl -lm -Xcompiler $(OPENMP) -Xlinker -rpath,$(RPATH)

.PHONY: stencilbench
ifeq ($(HAVE_NVCC),yes)
stencilbench: $(BENCH) ## build the runner (needs nvcc; runs on a GPU machine)
else
stencilbench:
	@echo "stencilbench: nvcc not found: the CUDA parts are skipped (model, tables and plots still build)"
endif

# Targets that measure. On a GPU node without network, carry build/ from a build machine and
# add NOBUILD=1: the carried binary is used as it is. Without a CUDA device they say so and point
# at the recorded runs under data/runs/ (exit 0: nothing to measure here).
export QUICK COUNTERS WARMUP_S
BENCH_DEP := $(if $(NOBUILD),,$(BENCH))
HAVE_GPU := $(shell nvidia-smi -L >/dev/null 2>&1 && echo 1)
# RUN: the runner's slug (GPU name, the first 8 hex digits of its UUID, UTC date), computed as
# profiling/gpu.cu does so that it is known before the runner is built; a QUICK smoke run gets its
# own directory, never shared with a full one
GPU_SLUG := $(if $(HAVE_GPU),$(shell nvidia-smi --query-gpu=name,uuid --format=csv,noheader | head -1 | \
	tr 'A-Z' 'a-z' | sed -E 's/, *gpu-([0-9a-f]{8}).*/ \1/; s/[^a-z0-9]+/-/g; s/^-+//; s/-+$$//; s/^nvidia-//')-$(shell date -u +%F))
RUN ?= $(GPU_SLUG)$(if $(filter 1,$(QUICK)),-quick)
RUNDIR = data/runs/$(RUN)
NCU ?= ncu
no_device = if ! $(BENCH) slug >/dev/null 2>&1; then \
	echo "$(1): no CUDA device visible: recorded runs: $$(ls -d data/runs/*/ 2>/dev/null | tr '\n' ' ')"; \
	exit 0; fi

.PHONY: ceilings naive-core cuda-core dense-tc sparse-tc test-gpu ncu-check
ceilings: $(BENCH_DEP) ## measure this GPU's ceilings into data/runs/RUN/ceilings.csv (GPU)
	$(Q)$(call no_device,ceilings); $(BENCH) ceilings --out $(RUNDIR)

naive-core: experiments/naive-core.csv $(BENCH_DEP) ## measure the instrument's reference runs (GPU)
	$(Q)$(call no_device,naive-core); $(BENCH) run --experiment $< --out $(RUNDIR)/naive-core.csv

cuda-core: experiments/cuda-core.csv $(BENCH_DEP) ## naive and ebisu on CUDA cores, tcs cases 1-6 (GPU)
	$(Q)$(call no_device,cuda-core); $(BENCH) run --experiment $< --out $(RUNDIR)/cuda-core.csv

dense-tc: experiments/dense-tc.csv $(BENCH_DEP) ## dense tensor-core methods, tcs cases 1-5 (GPU)
	$(Q)$(call no_device,dense-tc); $(BENCH) run --experiment $< --out $(RUNDIR)/dense-tc.csv

sparse-tc: experiments/sparse-tc.csv $(BENCH_DEP) ## sparse tensor-core method and its dense twin, tcs Table 4 (GPU)
	$(Q)$(call no_device,sparse-tc); $(BENCH) run --experiment $< --out $(RUNDIR)/sparse-tc.csv

test-gpu: $(BENCH_DEP) ## every GPU method at odd sizes against the CPU reference (skips without a GPU)
	$(Q)if ! $(BENCH) slug >/dev/null 2>&1; then echo "test-gpu: skipped: no CUDA device visible"; \
	else $(BENCH) check; fi

NCU_DIR = $(RUNDIR)/ncu-check
ncu-check: $(BENCH_DEP) ## CUPTI counters vs ncu on box2d1r fp32 10240^2, within 1% (GPU, needs ncu)
	$(Q)$(call no_device,ncu-check); mkdir -p $(NCU_DIR) && \
	$(BENCH) run --stencil box2d1r --dtype fp32 --method naive --size 10240x10240 --quick \
		--out $(NCU_DIR)/cupti.csv && \
	$(NCU) --clock-control none --cache-control all --metrics $$($(BENCH) metrics) \
		--print-units base --csv --page raw -k regex:naive_stencil \
		--log-file $(NCU_DIR)/ncu-raw.csv $(BENCH) run --stencil box2d1r --dtype fp32 \
		--method naive --size 10240x10240 --profile-once --out $(NCU_DIR)/once.csv && \
	$(BENCH) ncu-compare --cupti $(NCU_DIR)/cupti.csv --ncu $(NCU_DIR)/ncu-raw.csv \
		| tee $(NCU_DIR)/compare.txt; exit $${PIPESTATUS[0]}

.PHONY: resource-report sass-report
sass-report: $(BENCH_DEP) ## tensor-core instructions (HMMA, DMMA) each kernel issues, from the SASS (needs cuobjdump)
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
gnuplot = $(call say,GNUPLOT,$(basename $@).{png$(comma)svg})if command -v $(GNUPLOT) >/dev/null 2>&1; then \
	$(GNUPLOT) -e "$(1); out='$(basename $@)'" $<; else echo "$(notdir $(basename $@)): gnuplot not found: \
	its CSV in $(O) is ready; render the figure where gnuplot exists"; fi
comma := ,

$(O)/tcs-figure10-model.csv: experiments/tcs-figure10.csv data/hw/gpus.csv $(if $(NOBUILD),,$(MODEL)) | $(O)
	$(call say,MODEL,$@)$(MODEL) --experiment $< --gpu $(FIG_GPUS) --out $@
$(O)/tcs-figure10.png $(O)/tcs-figure10.svg &: plots/tcs-figure10.gp $(O)/tcs-figure10-model.csv | $(B)/.deps-plot
	$(call gnuplot,model='$(O)/tcs-figure10-model.csv'; measured=''; fit='')

$(O)/tcs-figure14-model.csv: experiments/tcs-figure14.csv data/hw/gpus.csv $(MODEL) | $(O)
	$(call say,MODEL,$@)$(MODEL) --experiment $< --gpu $(MAP_GPUS) --out $@
$(O)/tcs-figure14.png $(O)/tcs-figure14.svg &: plots/tcs-figure14.gp $(O)/tcs-figure14-model.csv | $(B)/.deps-plot
	$(call gnuplot,model='$(O)/tcs-figure14-model.csv')

$(O)/tcs-figure9-map.csv: data/hw/gpus.csv $(MODEL) | $(O)
	$(call say,MODEL,$@)$(MODEL) --scenario-map --gpu $(MAP_GPUS) --out $@
$(O)/tcs-figure9-cases.csv: experiments/tcs-figure9.csv data/hw/gpus.csv $(MODEL) | $(O)
	$(call say,MODEL,$@)$(MODEL) --experiment $< --gpu A100-PCIe-80GB --out $@
$(O)/tcs-figure9.png $(O)/tcs-figure9.svg &: plots/tcs-figure9.gp $(O)/tcs-figure9-map.csv $(O)/tcs-figure9-cases.csv | $(B)/.deps-plot
	$(call gnuplot,map='$(O)/tcs-figure9-map.csv'; cases='$(O)/tcs-figure9-cases.csv')

# Paper tables: the report tool writes NAME.csv and NAME.md.
$(O)/tcs-table2-model.md $(O)/tcs-table2-model.csv &: data/paper/tcs-table2.csv data/hw/gpus.csv $(REPORT) | $(O)
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
tcs-figure9: $(O)/tcs-figure9.png $(O)/tcs-figure9.svg ## four-scenario map, CUDA cores vs (sparse) tensor cores, A100 and H200
	@echo "tcs-figure9: $^"
tcs-figure14: $(O)/tcs-figure14.png $(O)/tcs-figure14.svg ## sparse tensor cores widen the sweet spot (eq. 19)
	@echo "tcs-figure14: $^"
model-figures: tcs-figure9 tcs-figure14 sptc-table1 tcstencil-table1 tcs-table2-model $(O)/tcs-figure10.png ## every model-only target

.PHONY: clean
# ---- the experiments users type (issue 7) -------------------------------------------------------
# Each target is a chain of file targets:
#   experiments/T.csv -> data/runs/RUN/T.csv (stencilbench, with a device) -> plots/out/T.{csv,md}
#   (stencil-render: run + model on the run's ceilings + paper) -> plots/out/T.{png,svg} (gnuplot)
# and `make T` is a phony alias. With a CUDA device RUN is this GPU's run (the runner's slug: GPU
# name and UTC date; RUN=... picks another) and the run's ceilings are measured first; a run CSV
# older than its configuration list is measured again. Without a device each target renders the
# newest recorded run that holds its CSV (build/runs.mk, regenerated when runs change) and says
# so; with none recorded, the model and paper columns. QUICK=1 is a labelled smoke run.
# NOBUILD=1 (a GPU node with build/ carried): use the carried tools as they are
RENDER_DEP := $(if $(NOBUILD),,$(RENDER))
PLOT_DEP := $(if $(NOBUILD),,$(B)/.deps-plot)
EXPERIMENTS := tcs-table2 tcs-table3 tcs-table4 tcs-figure15 tcs-figure16 sptc-figure9 sptc-figure10
FIGURES := tcs-figure15 tcs-figure16 sptc-figure9 sptc-figure10
# what each rendered target reads: the experiment of its name, or (verdicts) five, from one run
RENDERED_TARGETS := $(EXPERIMENTS) verdicts
INPUTS_verdicts := tcs-figure15 tcs-table3 tcs-table4 sptc-figure9 tcs-table2
inputs = $(or $(INPUTS_$(1)),$(1))
# seconds a configuration takes, for the estimate printed before a run, as measured on the H100
# (REPRODUCE.md): 2.0 with the full protocol (1 s warm-up, samples, counter passes; 529 s for
# 280), 0.3 with QUICK=1 (88 s for 273)
SECS_PER_CONFIG := $(if $(filter 1,$(QUICK)),0.3,2.0)
NOCOUNTERS_sptc-figure10 := --no-counters
NOCOUNTERS_tcs-figure16 := --no-counters
NOCOUNTERS_sptc-figure9 := --no-counters
EXTRA_OUT_tcs-figure15 := $(O)/tcs-figure15-fit.csv

ifeq ($(HAVE_GPU),1)
run_of = $(RUNDIR)
$(RUNDIR)/ceilings.csv: | $(BENCH_DEP)
	$(Q)mkdir -p $(RUNDIR) && $(BENCH) ceilings --out $(RUNDIR)
# a configuration that fails verification is a `wrong` row of a complete CSV (the runner exits 1):
# the CSV is kept (.PRECIOUS) and rendered, the failure reported; any other failure stops make
.PRECIOUS: $(RUNDIR)/%.csv
$(RUNDIR)/%.csv: experiments/%.csv $(RUNDIR)/ceilings.csv | $(BENCH_DEP)
	$(Q)n=$$(($$(grep -cv '^#' $<) - 1)); \
	echo "$*: $$n configurations into $@, about $$(awk "BEGIN{printf \"%.0f\", $$n * $(SECS_PER_CONFIG)}") s$(if $(filter 1,$(QUICK)), (QUICK smoke run))"; \
	$(BENCH) run --experiment $< --out $@ $(NOCOUNTERS_$*) || { rc=$$?; \
	  if [ $$rc -eq 1 ] && [ -f $@ ]; then echo "$*: some configurations failed verification: rows marked wrong in $@"; \
	  else exit $$rc; fi; }
else
# the newest recorded run holding each target's CSV (empty: none), for the goals that render
ifneq ($(filter $(RENDERED_TARGETS) reproduce table2 table3 table4 figure10 tcs-figure10 $(O)/%,$(MAKECMDGOALS)),)
-include $(B)/runs.mk
endif
$(B)/runs.mk: $(RENDER) $(wildcard data/runs/*/meta.csv) | $(B)
	$(Q){ $(foreach t,$(RENDERED_TARGETS),echo "RUN_OF_$(t) := $$($(RENDER) newest-run \
	  $(patsubst %,%.csv,$(call inputs,$(t))) 2>/dev/null)";) } > $@.tmp && mv $@.tmp $@
run_of = $(RUN_OF_$(1))
endif
say_run = $(if $(HAVE_GPU),,$(if $(call run_of,$(1)),echo "no CUDA device: rendering the recorded run $(call run_of,$(1))",echo "no CUDA device and no recorded run: rendering the model and paper columns (measurements need a GPU)"); )

# $(1): a rendered target; it reads its inputs' lists and run CSVs (all from one run)
define render_rule
$(O)/$(1).md $(O)/$(1).csv $(EXTRA_OUT_$(1)) &: $(foreach e,$(call inputs,$(1)),experiments/$(e).csv \
		$(if $(call run_of,$(1)),$(call run_of,$(1))/$(e).csv)) $(RENDER_DEP) | $(O)
	$(Q)$(call say_run,$(1))$(RENDER) $(1) $(if $(call run_of,$(1)),--run $(call run_of,$(1))) --outdir $(O)
endef
$(foreach t,$(RENDERED_TARGETS),$(eval $(call render_rule,$(t))))

# figures: the title is the rendered table's (GPU and run)
$(foreach f,$(FIGURES),$(eval $(O)/$(f).png $(O)/$(f).svg &: plots/$(f).gp $(O)/$(f).csv | $(PLOT_DEP) ; \
	$$(call gnuplot,data='$(O)/$(f).csv'; fit='$(O)/$(f)-fit.csv'; title='$$$$(head -1 $(O)/$(f).md | sed "s/^## //; s/'//g")')))
$(O)/tcs-figure10-run.png $(O)/tcs-figure10-run.svg &: plots/tcs-figure10.gp $(O)/tcs-figure10-model.csv $(O)/tcs-figure15.csv | $(PLOT_DEP)
	$(call gnuplot,model='$(O)/tcs-figure10-model.csv'; measured='$(O)/tcs-figure15.csv'; fit='$(O)/tcs-figure15-fit.csv')

.PHONY: $(EXPERIMENTS) verdicts reproduce table2 table3 table4 figure10 tcs-figure10
tcs-table2: $(O)/tcs-table2.md ## tcs Table 2: F/Q/I, model vs counters vs paper (rows 1-10)
	@cat $<
tcs-table3: $(O)/tcs-table3.md ## tcs Table 3: cases 1-6, CUDA vs tensor cores, scenarios, speedups
	@cat $<
tcs-table4: $(O)/tcs-table4.md ## tcs Table 4: SPIDER dense vs sparse
	@cat $<
verdicts: $(O)/verdicts.md ## the papers' claims: paper's number, this GPU's, verdict
	@cat $<
tcs-figure15: $(O)/tcs-figure15.png ## tcs Figure 15: counter-measured AI vs fusion depth, linear fit
	@echo "tcs-figure15: $(O)/tcs-figure15.csv, -fit.csv, .md (and .png, .svg where gnuplot exists)"
tcs-figure16: $(O)/tcs-figure16.png ## tcs Figure 16: every method per precision over the six cases
	@echo "tcs-figure16: $(O)/tcs-figure16.csv, .md (and .png, .svg where gnuplot exists)"
sptc-figure9: $(O)/sptc-figure9.png ## sptc Figure 9: the sptc shapes, every method
	@echo "sptc-figure9: $(O)/sptc-figure9.csv, .md (and .png, .svg where gnuplot exists)"
sptc-figure10: $(O)/sptc-figure10.png ## sptc Figure 10: throughput vs problem size
	@echo "sptc-figure10: $(O)/sptc-figure10.csv, .md (and .png, .svg where gnuplot exists)"
tcs-figure10: $(O)/tcs-figure10-run.png ## tcs Figure 10: model AI vs depth, datasheet ridges, this run's ridge and measured AI
	@echo "tcs-figure10: $(O)/tcs-figure10-run.png and .svg (model only: $(O)/tcs-figure10.png)"
table2: tcs-table2 ## = tcs-table2
table3: tcs-table3 ## = tcs-table3
table4: tcs-table4 ## = tcs-table4
figure10: sptc-figure10 ## = sptc-figure10
reproduce: ## every table and figure above, then the verdicts (GPU: measures; else renders the recorded run)
	$(Q)if [ -n "$(HAVE_GPU)" ]; then n=0; for e in $(EXPERIMENTS); do n=$$((n + $$(grep -cv '^#' experiments/$$e.csv) - 1)); done; \
	  echo "reproduce: $$n configurations, about $$(awk "BEGIN{printf \"%.0f\", $$n * $(SECS_PER_CONFIG) / 60}") min"; fi; \
	start=$$(date +%s); \
	$(MAKE) --no-print-directory $(EXPERIMENTS) tcs-figure10 verdicts && \
	echo "reproduce: done in $$(( $$(date +%s) - start )) s"

clean: ## remove build/ and plots/out/
	$(call say,RM,$(B) plots/out)rm -rf $(B) plots/out

.PHONY: help
print-%: ## print a make variable (print-GPU_SLUG)
	@echo '$($*)'

help: ## list every target
	@echo "stencil-repro: make TARGET [V=1] [SM='80 90']"
	@grep -hE '^[a-zA-Z0-9_.-]+:.*## ' $(MAKEFILE_LIST) | \
		sed -E 's/^([^:]+):.*## (.*)/  \1\t\2/' | awk -F'\t' '{printf "  %-20s %s\n", $$1, $$2}' | sed 's/^    /  /'

-include $(LIB_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(TOOLS:$(B)/%=$(B)/obj/model/%.main.d) $(GPU_OBJ:.o=.d)
