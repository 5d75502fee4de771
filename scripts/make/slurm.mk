# scripts/make/slurm.mk - Slurm: make reproduce SLURM=1 submits the reproduction as a job array and
# a dependent collecting job (scripts/slurm.sh) instead of measuring here; make test-slurm runs that
# end to end through a single-node Slurm of its own on loopback (tests/slurm-test.sh).
# Included by the Makefile, in its order; its header documents the knobs.

# ---- Slurm ----------------------------------------------------------------------------------------
ifneq ($(filter-out 0 1,$(SLURM)),)
$(error SLURM='$(SLURM)' is neither 0 nor 1)
endif
ifeq ($(SLURM),1)
# the RUN typed on the command line, if any: a GPU's probe makes reproduce again with this GPU's
# slug as RUN, but a Slurm run is measured on other GPUs and named at submission
SUBMIT_RUN ?= $(if $(RUN_GIVEN),$(RUN))
export SUBMIT_RUN
# the jobs run the tools as they are (NOBUILD=1): built here first, unless NOBUILD=1
reproduce reference: $(BENCH_DEP) $(RENDER_DEP) $(RUNS_DEP)
endif
# the reproduce (and reference) recipe's first step, $(1) its items: with SLURM=1 it hands over to
# scripts/slurm.sh (the knobs SLURM_* reach it through the environment) and ends there
slurm_handover = $(if $(filter 1,$(SLURM)),exec env BENCH='$(BENCH)' RUNS_TOOL=$(RUNS_TOOL) \
	GNUPLOT='$(GNUPLOT)' COST_RUN='$(COST_RUN)' SECS_PER_CONFIG=$(SECS_PER_CONFIG) scripts/slurm.sh submit \
	'$(SUBMIT_RUN)' $(1);)

.PHONY: test-slurm
test-slurm: ## make reproduce SLURM=1 through a Slurm of its own on loopback, stub runner (root; not in make test)
test-slurm: $(TOOLS)
	$(Q)tests/slurm-test.sh . $(B)
