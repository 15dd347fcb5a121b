# tools/knobs.mk — the knobs of every make target (WORKLOADS=, GOOD=, HOSTS=,
# ...; tools/knobs.tsv lists them, tools/knobs.sh has the check) are values, never make
# code.  Make expands a command-line or environment variable whenever it is
# referenced or exported to a recipe, so `make compare WORKLOADS='$(shell
# cmd)'` would run cmd before any script saw the value.  Here each knob the
# user set becomes a simple variable holding the bytes as typed ($(value)):
# referencing or exporting it never expands them again.  Then, before any
# work (tools/deps.mk's check waits for it, and so does every object file),
# tools/knobs.sh refuses a value that does not fit its knob with one line.
# bin/osslbench may not be built yet (nothing is compiled before this check,
# so a refused knob builds nothing): KNOB_RUNNER is empty here, and a value
# of a runner option is held only to its kind's alphabet (no code gets
# through); its grammar, the runner's parser's, is checked by the goal's
# program once $(BIN) is built and before any work of its own (make compare's
# `osslbench bench --from-make`, bench/bench_make.c; fleet/fleet.sh and
# bisect/*.sh set KNOB_RUNNER: tools/knobs.sh).
# Make's own build variables (CC, CFLAGS, SAN, ...) are commands by design
# and are not knobs.
ifndef KNOBS_MK_DIR
KNOBS_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
# The table's make view, tools/knobs.gen.mk (knobs/knob_table.c is the one
# reader of tools/knobs.tsv; `osslbench knobs --make` wrote it, `make
# knob-views` writes it again): read here as make code, no shell, before any
# recipe.  It gives KNOBS, KNOBS_GOALS_ALL, and which knobs make passes on:
# to `osslbench bench` (KNOBS_TO_COMPARE, as COMPARE_<NAME>), to
# fleet/fleet.sh as its own (KNOBS_TO_FLEET), and through fleet.sh to every
# host (KNOBS_TO_HOSTS); KNOBS_OF_<goal>, the knobs of one target.
include $(KNOBS_MK_DIR)/knobs.gen.mk
# knobs_of_goal GOAL: the knobs a make target takes (tools/knobs.sh goal GOAL).
knobs_of_goal = $(KNOBS_OF_$(1))
$(foreach k,$(KNOBS),$(if $(filter command% environment%,$(origin $(k))),\
    $(eval override $(k) := $$(value $(k)))$(eval export $(k))))

# Only fixed words reach the recipe: the goals are filtered by name.
KNOBS_GOALS := $(filter $(KNOBS_GOALS_ALL),$(MAKECMDGOALS)) $(if $(filter build-%,$(MAKECMDGOALS)),builds)

# One shell: bash itself, found by make on PATH (its /usr/bin/env line would
# cost an exec per PATH folder).  KNOB_RUNNER is exported empty: the check
# before compiling has only the alphabets (see above).
KNOBS_BASH := $(firstword $(wildcard $(addsuffix /bash,$(subst :, ,$(PATH)))) /bin/bash)
.PHONY: knobs-check
knobs-check: export KNOB_RUNNER :=
knobs-check:
	@'$(KNOBS_BASH)' '$(KNOBS_MK_DIR)/knobs.sh' check $(KNOBS_GOALS)
endif
