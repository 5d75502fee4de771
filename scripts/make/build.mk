# scripts/make/build.mk - the build: Debian dependencies, atomic outputs, flags tracking, the host
# library and tools (the host C of model/, profiling/ and kernels/), and build/targets.mk, the
# target lists generated from experiments/targets.csv by the renderer.
# Included by the Makefile, in its order; its header documents the knobs.

# ---- dependencies (Debian packages) -------------------------------------------------------------
# Stamps record a successful check; deps.sh installs (as root) or prints the apt-get line.
$(B)/.deps-%: scripts/deps.sh | $(B)
	$(Q)scripts/deps.sh $*
	$(Q)touch $@

$(B) $(B)/obj/tests $(B)/tests $(O):
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

# ---- host libraries and tools: one library a floor ---------------------------------------------------
# The floors, lowest first, each seeing only its own headers and those of the floors it stands on
# (an include against the direction does not compile; tests/floors.sh checks it, and each object's
# symbols, for loops):
#   model           the analytical model, stencils and methods, grid and CPU reference, hardware
#                   tables, the experiment lists and data regimes, CSV I/O, the SpMV matrices
#   records         plots/records/: a recorded run as data (meta.csv, ceilings, rows read, checked,
#                   keyed and combined; what a target used; staleness; the registry)  -> model
#   planner         scripts/planner/: the node's planner (queue, CPU shares) and stencil-runs, what
#                   the scripts ask of lists and runs                        -> records, model
#   kernels         the GPU methods' host code (transforms, sparse layouts)  -> model
#   profiling       the runner's host code (protocol, statistics)           -> kernels, planner,
#                   records, model (it writes the run format runs.h defines)
#   render          plots/render/: tables, figures' data, comparisons       -> records, model
#   verdicts        plots/verdicts/: the papers' claims and the verdict rule -> render, records, model
# The renderers (render, verdicts) register themselves (RENDERER in render.h): their libraries are
# linked whole. The tools' mains: model/stencil-model.c (the model), scripts/planner/stencil-runs.c
# (what the scripts ask of lists and run CSVs, and the run-name rule: the planner and the floors
# below it alone, so that the Makefile's check of RUN builds no more), plots/render/stencil-*.c.
FLOORS := model records planner kernels profiling render verdicts
DIR_model := model
DIR_records := plots/records
DIR_planner := scripts/planner
DIR_kernels := kernels
DIR_profiling := profiling
DIR_render := plots/render
DIR_verdicts := plots/verdicts
INC_model := -Imodel
INC_records := -Iplots/records $(INC_model)
INC_planner := -Iscripts/planner $(INC_records)
INC_kernels := -Ikernels $(INC_model)
INC_profiling := -Iprofiling -Ikernels -Iscripts/planner $(INC_records)
INC_render := -Iplots/render $(INC_records)
INC_verdicts := -Iplots/verdicts -Iplots/render $(INC_records)
floor_src = $(filter-out %/stencil-model.c %/stencil-runs.c %/stencil-render.c %/stencil-compare.c %/stencil-report.c \
	%/stencil-page.c,\
	$(wildcard $(DIR_$(1))/*.c))
$(foreach f,$(FLOORS),$(eval SRC_$(f) := $(call floor_src,$(f))) \
	$(eval OBJ_$(f) := $(SRC_$(f):%.c=$(B)/obj/%.o)) $(eval LIB_$(f) := $(B)/lib$(f).a))
LIB_OBJ := $(foreach f,$(FLOORS),$(OBJ_$(f)))
LIBS := $(foreach f,$(FLOORS),$(LIB_$(f)))
# the libraries as the linker takes them: the renderers whole, then the floors below
LINK_LIBS := -Wl,--whole-archive $(LIB_verdicts) $(LIB_render) -Wl,--no-whole-archive $(LIB_profiling) \
	$(LIB_kernels) $(LIB_planner) $(LIB_records) $(LIB_model)
TOOLS := $(B)/stencil-model $(B)/stencil-report $(B)/stencil-render $(B)/stencil-compare $(B)/stencil-runs \
	$(B)/stencil-page
MODEL := $(B)/stencil-model
RUNS_TOOL := $(B)/stencil-runs
REPORT := $(B)/stencil-report
RENDER := $(B)/stencil-render
COMPARE := $(B)/stencil-compare
PAGE := $(B)/stencil-page
TOOL_MAIN_stencil-model := model/stencil-model.c
TOOL_MAIN_stencil-runs := scripts/planner/stencil-runs.c
TOOL_MAIN_stencil-render := plots/render/stencil-render.c
TOOL_MAIN_stencil-compare := plots/render/stencil-compare.c
TOOL_MAIN_stencil-report := plots/render/stencil-report.c
TOOL_MAIN_stencil-page := plots/render/stencil-page.c
TOOL_OBJ := $(foreach t,$(TOOLS:$(B)/%=%),$(B)/obj/$(TOOL_MAIN_$(t):%.c=%.main.o))
# the libraries a tool links (default every floor's): stencil-runs the planner's and those below
TOOL_LIBS_stencil-runs := $(LIB_planner) $(LIB_records) $(LIB_model)
tool_libs = $(or $(TOOL_LIBS_$(1)),$(LIBS))
tool_link = $(or $(TOOL_LIBS_$(1)),$(LINK_LIBS))
# the tools' main objects are made through a pattern chain: kept, not deleted as intermediate
.SECONDARY: $(TOOL_OBJ)

cc = $(call compile,$(CC) $(2) $(CPPFLAGS) $(CSTD) $(CFLAGS) $(1) -MMD -MP -c $<)
define floor_rules
$(B)/obj/$(DIR_$(1))/%.o: $(DIR_$(1))/%.c $(B)/cc.flags | $(B)/.deps-build
	$$(Q)mkdir -p $$(@D)
	$$(call say,CC,$$<)$$(call cc,$$(OPENMP),$(INC_$(1)))
$(B)/obj/$(DIR_$(1))/%.main.o: $(DIR_$(1))/%.c $(B)/cc.flags | $(B)/.deps-build
	$$(Q)mkdir -p $$(@D)
	$$(call say,CC,$$<)$$(call cc,,$(INC_$(1)))
$(LIB_$(1)): $(OBJ_$(1))
	$$(call say,AR,$$@)rm -f $$@.tmp$$$$$$$$ && ar rcs $$@.tmp$$$$$$$$ $$^ && mv -f $$@.tmp$$$$$$$$ $$@
endef
$(foreach f,$(FLOORS),$(eval $(call floor_rules,$(f))))

ifneq ($(NOBUILD),1)
$(foreach t,$(TOOLS:$(B)/%=%),$(eval $(B)/$(t): $(B)/obj/$(TOOL_MAIN_$(t):%.c=%.main.o) $(call tool_libs,$(t)) ; \
	$$(call say,LD,$$@)$$(call atomic,$$(CC) $$(CFLAGS) $$(OPENMP) $$< $$(call tool_link,$(t)) $$(LDLIBS))))
else
# NOBUILD=1 (a GPU node with build/ carried): the tools as they are, never rebuilt; one missing
# stops make with one line
$(TOOLS):
	@echo "NOBUILD=1: $@ is missing: carry build/ from the build machine, or leave NOBUILD=1 out to \
	build it here" >&2; exit 1
endif

.PHONY: all
all: $(TOOLS) ## build the host library and the model/report tools
.DEFAULT_GOAL := help

# ---- the table of targets ---------------------------------------------------------------------------
# build/targets.mk: the Makefile's view of experiments/targets.csv (its target lists, each target's
# variables, the aliases, make help's lines; the verdicts' inputs from data/paper/claims.csv),
# printed by the renderer (stencil-render targets-mk, plots/render/targets.c) and included here,
# before the parts that use its lists. Its recipe first makes the renderer (RENDER_DEP, which
# experiments.mk sets; NOBUILD=1: the one carried, a missing one an error) by a make of its own,
# whose progress goes to standard error: `make -s print-VAR` prints the variable alone, in a fresh
# clone too. A make that only cleans neither builds nor includes it.
$(B)/targets.mk: experiments/targets.csv data/paper/claims.csv $(wildcard plots/render/targets.c) | $(B)
	$(Q)$(if $(RENDER_DEP),$(MAKE) --no-print-directory NO_TARGETS_MK=1 $(RENDER_DEP) >&2 && )$(RENDER) \
		targets-mk > $@.tmp$$$$ && mv -f $@.tmp$$$$ $@ || { rm -f $@.tmp$$$$; exit 1; }
ifeq ($(or $(NO_TARGETS_MK),$(if $(MAKECMDGOALS),$(if $(filter-out clean,$(MAKECMDGOALS)),,1))),)
include $(B)/targets.mk
endif
