# scripts/make/test.mk - the CPU test suite (make test).
# Included by the Makefile, in its order; its header documents the knobs.

# ---- tests --------------------------------------------------------------------------------------
TEST_SRC := $(wildcard tests/*.c)
TEST_OBJ := $(TEST_SRC:tests/%.c=$(B)/obj/tests/%.o)
TEST_BIN := $(B)/tests/run-tests

$(B)/obj/tests/%.o: tests/%.c $(B)/cc.flags | $(B)/obj/tests $(B)/.deps-test
	$(call say,CC,$<)$(call cc,,-Itests $(ALL_CPPFLAGS))

$(TEST_BIN): $(TEST_OBJ) $(LIBS) | $(B)/tests
	$(call say,LD,$@)$(call atomic,$(CC) $(CFLAGS) $(OPENMP) $(TEST_OBJ) $(LINK_LIBS) -lcmocka $(LDLIBS))

# the make layer's stub runner writes its rows with this (tests/stub-stencilbench.sh)
STUB_ROWS := $(B)/tests/stub-rows
$(STUB_ROWS): tests/stub/stub-rows.c $(LIB_model) $(B)/cc.flags | $(B)/tests
	$(call say,CC,$@)$(call atomic,$(CC) $(INC_model) $(CPPFLAGS) $(CSTD) $(CFLAGS) $< $(LIB_model) $(LDLIBS))

# the figures' layout check on any SVGs (build/tests/svg-overlap FILE.svg...; the suite runs the
# same check, tests/svg-text.c, over every figure it draws)
SVG_OVERLAP := $(B)/tests/svg-overlap
$(SVG_OVERLAP): tests/tool/svg-overlap.c tests/svg-text.c tests/svg-text.h $(B)/cc.flags | $(B)/tests
	$(call say,CC,$@)$(call atomic,$(CC) -Itests $(CPPFLAGS) $(CSTD) $(CFLAGS) tests/tool/svg-overlap.c tests/svg-text.c -lm)

# The suite also checks what the model-only targets rendered, so they are made first (their
# outputs, experiments/targets.csv through build/targets.mk).
RENDERED = $(MODEL_OUTPUTS)

.PHONY: test
test: ## run the CPU test suite (no GPU needed); ends with "N passed, N failed"
test: $(TEST_BIN) $(STUB_ROWS) $(SVG_OVERLAP) $(TOOLS) $(RENDERED)
	$(Q)STENCIL_REPRO_ROOT=$(CURDIR) $(TEST_BIN) $(B)

# the pinned checksums of every rendered output (tests/golden.sh; make test checks them): rewritten
# only on purpose, when an output is meant to change
.PHONY: golden
golden: ## pin every rendered table, CSV and .vars anew in tests/golden.sha256 (a deliberate change)
golden: $(TOOLS)
	$(Q)tests/golden.sh update . $(B)
