# scripts/make/cuda.mk - the CUDA parts: the runner build/stencilbench, and the resource and SASS reports.
# Included by the Makefile, in its order; its header documents the knobs.

# ---- CUDA (kernels/, profiling/): built only where nvcc exists --------------------------------------
# build/stencilbench: the runner, the microbenchmarks and every kernel. libcsv and CHOLMOD (with
# SuiteSparse's config library) are linked statically, cuSPARSE and CUPTI through an rpath that covers this
# machine's toolkit and the GPU machine's, so build/ can be built here and carried to a GPU node
# without network.
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(realpath $(shell command -v $(NVCC) 2>/dev/null)))
CUDA_LIBDIRS := $(wildcard $(CUDA_HOME)/lib64 $(CUDA_HOME)/lib $(CUDA_HOME)/targets/x86_64-linux/lib)
RPATH := /usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib:/usr/local/cuda/extras/CUPTI/lib64
RPATH := $(RPATH):$(subst $(eval) ,:,$(CUDA_LIBDIRS))
NVCCBASE := -O3 -std=c++17 -Xcompiler -Wall,$(OPENMP)
NVCCFLAGS := $(GENCODE) $(NVCCBASE)
# Hopper's own instructions (wgmma) exist only in sm_90a code: the files that use them are built for
# sm_90a alone, and the runner runs them on compute capability 9.0 only
GENCODE_90A := -gencode arch=compute_90a,code=sm_90a
SM90A_OBJ := $(B)/obj/profiling/wgmma-bench.cu.o $(patsubst %.cu,$(B)/obj/%.cu.o,$(wildcard kernels/*-wgmma.cu))
$(SM90A_OBJ): OBJ_GENCODE = $(GENCODE_90A)
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

nvcc_flags := $(NVCC) $(NVCCFLAGS) $(GENCODE_90A) $(ALL_CPPFLAGS)
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
	$(call say,NVCC,$<)$(call compile,$(NVCC) $(or $(OBJ_GENCODE),$(GENCODE)) $(NVCCBASE) $(CU_INC) $(CPPFLAGS) \
		$(NVCC_EXTRA) -MMD -MP -c $<)

# each floor's CUDA files see that floor's headers and those below (build.mk's INC_)
$(B)/obj/kernels/%.cu.o: CU_INC = $(INC_kernels)
$(B)/obj/profiling/%.cu.o: CU_INC = $(INC_profiling)
$(BENCH_BIN): $(GPU_OBJ) $(LIB_profiling) $(LIB_kernels) $(LIB_planner) $(LIB_records) $(LIB_model)
	$(call say,NVLD,$@)$(call atomic,$(NVCC) $(GENCODE) $^ $(addprefix -L,$(CUDA_LIBDIRS)) \
		-l:libcsv.a -l:libcholmod.a -l:libsuitesparseconfig.a -lcusparse -lcupti -ldl -lm -Xcompiler $(OPENMP) \
		-Xlinker -rpath$(comma)$(RPATH))

.PHONY: stencilbench
ifeq ($(HAVE_NVCC),yes)
stencilbench: $(BENCH_BIN) ## build the runner (needs nvcc; runs on a GPU machine)
else
stencilbench:
	@echo "stencilbench: nvcc not found: the CUDA parts are skipped (model, tables and plots still build)"
endif

.PHONY: resource-report sass-report
sass-report: ## tensor-core instructions (HMMA, DMMA, HGMMA) each kernel issues, from the SASS (cuobjdump)
sass-report: $(BENCH_DEP)
	$(Q)mkdir -p $(B) && scripts/sass-summary.sh $(BENCH) sm_90 > $(B)/sass-report.txt && \
		echo "wrote $(B)/sass-report.txt" && cat $(B)/sass-report.txt

resource-report: ## the compiler's registers, shared memory and spills of every kernel (needs nvcc)
	$(Q)mkdir -p $(B) && for f in kernels/*.cu; do $(NVCC) $(NVCCFLAGS) $(INC_kernels) -Xptxas -v \
		-c $$f -o /dev/null 2>&1; done | grep -E "Compiling entry|Used|spill" | c++filt \
		> $(B)/resource-report.txt && echo "wrote $(B)/resource-report.txt"

.PHONY: gpu-check
gpu-check: ## say whether the CUDA parts can be built here
	$(Q)$(if $(HAVE_NVCC),echo "nvcc found ($(CUDA_HOME)): CUDA parts build for SM $(SM)",\
		echo "nvcc not found: the CUDA parts are skipped (model, tables and plots still build)")
