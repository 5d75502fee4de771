# scripts/make/device.mk - the device: whether this machine measures, and the run (RUN, RUNDIR).
# Included by the Makefile, in its order; its header documents the knobs.

# ---- device, runner and runs (the header says how a target decides to measure) --------------------
# Knobs outside their documented set stop make with a one-line error (the Makefile's header lists
# them): the switches are 0 or 1 (or unset), WARMUP_S a number of seconds above 0 and at most
# WARMUP_MAX_S, in decimals with or without an exponent (2, .25, 1e-1: the runner's own rule,
# profiling/runopts.c), GPUS all or GPU indices separated by commas, REPLICAS a count (above 1: not
# with SLURM=1), CHUNK and CHUNK_S counts (1, 2, ...: scripts/multi-gpu.sh's rule, checked here
# too so that no device is needed to refuse them). SLURM is checked in slurm.mk, RUN below, RUNS in
# compare.mk.
switch_knobs := QUICK HAVE_GPU COUNTERS NOBUILD ALLOW_DIRTY V ADD
$(foreach k,$(switch_knobs),$(if $(filter-out 0 1,$($(k))),$(error $(k)='$($(k))' is neither 0 \
	nor 1 (unset: the default))))
knob_ok = $(if $(findstring ',$(1)),,$(shell awk -v v='$(1)' 'BEGIN { exit !(v ~ /^($(2))$$/$(3)) }' \
	&& echo ok))
WARMUP_MAX_S := 3600
decimal := ([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?
$(if $(WARMUP_S),$(if $(call knob_ok,$(WARMUP_S),$(decimal), && v + 0 > 0 && v + 0 <= $(WARMUP_MAX_S)),,$(error \
	WARMUP_S='$(WARMUP_S)' is not a number of seconds above 0 and at most $(WARMUP_MAX_S))))
$(if $(CHUNK),$(if $(call knob_ok,$(CHUNK),[1-9][0-9]*),,$(error CHUNK='$(CHUNK)' is not a count of \
	configurations (1, 2, ...))))
$(if $(CHUNK_S),$(if $(call knob_ok,$(CHUNK_S),[1-9][0-9]*),,$(error CHUNK_S='$(CHUNK_S)' is not a count of \
	seconds (1, 2, ...))))
$(if $(GPUS),$(if $(call knob_ok,$(GPUS),all|[0-9]+(,[0-9]+)*),,$(error GPUS='$(GPUS)' is neither \
	all nor GPU indices such as 0,1)))
$(if $(REPLICAS),$(if $(call knob_ok,$(REPLICAS),[1-9][0-9]?),,$(error REPLICAS='$(REPLICAS)' is not a \
	count of measurements from 1 to 99)))
$(if $(filter 1,$(ADD)),$(if $(filter 1,$(SLURM)),$(error ADD=1 with SLURM=1: not supported (an invocation is \
	measured on one node); make reference ADD=1 GPUS=all)))
$(if $(filter-out 1,$(or $(REPLICAS),1)),$(if $(filter 1,$(SLURM)),$(error REPLICAS=$(REPLICAS) with SLURM=1: \
	not supported (a replica's GPUs must differ from the others'); make reproduce REPLICAS=$(REPLICAS) GPUS=all \
	on one node)))
export QUICK COUNTERS WARMUP_S ALLOW_DIRTY NOBUILD REPLICAS ADD
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

# RUN (and compare.mk's RUNS): a run's name, asked of stencil-runs run-name wherever it is given:
# the one rule (plots/records/runs.h: one path component of [a-z0-9._-], not . or ..), a one-line error
# naming the knob. Where one is given, the tool is made before anything else: $(B)/run-name.mk,
# included, depends on it, and make remakes its included makefiles first, then starts again with
# the tool there, so no rule ever sees a name it refuses. RUNS_DEP= takes the tool as it is (tests).
RUN_GIVEN := $(filter command environment override,$(origin RUN))
RUNS_DEP := $(RUNS_TOOL)
name_why = $(shell $(RUNS_TOOL) run-name '$(subst ','\'',$(1))' 2>&1)
name_refused = $(if $(2),$(error $(1)$(2)))
# $(1): the knob as the message names it (RUN=), $(2): its value
check_name = $(if $(wildcard $(RUNS_TOOL)),$(call name_refused,$(1),$(call name_why,$(2))))
ifneq ($(RUN_GIVEN)$(filter compare,$(MAKECMDGOALS)),)
include $(B)/run-name.mk
endif
$(B)/run-name.mk: $(RUNS_DEP) | $(B)
	$(Q)echo '# $(RUNS_TOOL) is made: it checks RUN and RUNS (scripts/make/device.mk)' > $@.tmp$$$$ && \
	  mv -f $@.tmp$$$$ $@
ifneq ($(RUN_GIVEN),)
$(call check_name,RUN=,$(RUN))
else ifeq ($(MODE),yes)
# this GPU's slug (GPU name, the first 8 hex digits of its UUID, UTC date), computed as
# profiling/gpu.cu does, for file targets typed directly; the user targets take the runner's own
# (from nvidia-smi -L's first line, "GPU 0: NVIDIA H200 (UUID: GPU-0d6ec259-...)")
GPU_SLUG := $(shell nvidia-smi -L 2>/dev/null | head -1 | tr 'A-Z' 'a-z' | \
	sed -E 's/^gpu [0-9]+: *//; s/ *.uuid: *gpu-([0-9a-f]{8}).*/ \1/; s/[^a-z0-9]+/-/g; s/^-+//; s/-+$$//; \
	s/^nvidia-//')-$(shell date -u +%F)
RUN := $(GPU_SLUG)$(QUICK_SUFFIX)
endif
RUNDIR = data/runs/$(RUN)
runs = BENCH='$(BENCH)' RUNS_TOOL=$(RUNS_TOOL) LOCK=$(B)/measure.lock SECS_PER_CONFIG=$(SECS_PER_CONFIG) \
	scripts/runs.sh
NCU ?= ncu
recorded = $$(ls -d data/runs/*/ 2>/dev/null | tr '\n' ' ')
