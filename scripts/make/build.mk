# scripts/make/build.mk - the build: Debian dependencies, atomic outputs, flags tracking, the host
# library and tools (the host C of model/, profiling/ and kernels/).
# Included by the Makefile, in its order; its header documents the knobs.

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
TOOLS := $(B)/stencil-model $(B)/stencil-report $(B)/stencil-render $(B)/stencil-compare
MODEL := $(B)/stencil-model
REPORT := $(B)/stencil-report
RENDER := $(B)/stencil-render
COMPARE := $(B)/stencil-compare
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
ifeq ($(NOBUILD),1)
# NOBUILD=1 (a GPU node with build/ carried): the tools as they are, never rebuilt; one missing
# stops make with one line
$(TOOLS):
	@echo "NOBUILD=1: $@ is missing: carry build/ from the build machine, or leave NOBUILD=1 out to \
	build it here" >&2; exit 1
endif

.PHONY: all
all: $(TOOLS) ## build the host library and the model/report tools
.DEFAULT_GOAL := help
