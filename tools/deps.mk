# tools/deps.mk — before any work, the Debian packages the goals on the
# command line need are checked and, as root with apt-get, installed
# (tools/deps.sh reads them from tools/packages.tsv).  Every object file waits
# for the check, so nothing is compiled, built or measured before it; the
# check itself waits for the knobs' (tools/knobs.mk, included first so that
# no later file ever expands a knob).  bash is run by its path (KNOBS_BASH):
# the script's /usr/bin/env line would cost an exec per PATH folder.
include $(dir $(lastword $(MAKEFILE_LIST)))knobs.mk
DEPS_FOR_compare       := charts $(if $(EXPLAIN),instructions)
DEPS_FOR_explain       := instructions
DEPS_FOR_plots         := charts
DEPS_FOR_test          := tests charts releases fleet
DEPS_FOR_shell-tests   := tests charts releases fleet
DEPS_FOR_unit-tests    := tests
DEPS_FOR_check-asan    := tests
DEPS_FOR_check-valgrind := sanitizers
DEPS_FOR_fuzz          := sanitizers
DEPS_FOR_fleet         := fleet charts
DEPS_FOR_cross-test    := cross
DEPS_FOR_cross-build   := cross
# METRIC=instructions counts with valgrind: the goals that measure need it then
# (METRIC is a knob: its bytes, compared as a word, never expanded as code).
DEPS_FOR_METRIC := $(if $(filter instructions,$(METRIC)),$(if $(filter compare regress bisect,$(MAKECMDGOALS)),instructions))
DEPS_PURPOSES := build $(sort $(foreach g,$(MAKECMDGOALS),$(DEPS_FOR_$(g))) $(DEPS_FOR_METRIC))

.PHONY: deps
deps: | knobs-check
	@'$(KNOBS_BASH)' '$(CURDIR)/tools/deps.sh' $(DEPS_PURPOSES)
