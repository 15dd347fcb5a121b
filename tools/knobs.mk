# tools/knobs.mk — the knobs of every make target (WORKLOADS=, GOOD=, HOSTS=,
# ...; tools/knobs.tsv lists them, tools/knobs.sh has the grammar) are values, never make
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
# script once $(BIN) is built and before any work of its own (plots/compare.sh,
# fleet/fleet.sh, bisect/*.sh set KNOB_RUNNER: tools/knobs.sh).
# Make's own build variables (CC, CFLAGS, SAN, ...) are commands by design
# and are not knobs.
ifndef KNOBS_MK_DIR
KNOBS_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
KNOBS        := $(shell '$(KNOBS_MK_DIR)/knobs.sh' names)
# Which knobs make passes on, from the same table: to plots/compare.sh, to
# fleet/fleet.sh as its own, and through fleet.sh to every host.
KNOBS_TO_COMPARE := $(shell '$(KNOBS_MK_DIR)/knobs.sh' list compare)
KNOBS_TO_FLEET   := $(shell '$(KNOBS_MK_DIR)/knobs.sh' list fleet)
KNOBS_TO_HOSTS   := $(shell '$(KNOBS_MK_DIR)/knobs.sh' list forward)
$(foreach k,$(KNOBS),$(if $(filter command% environment%,$(origin $(k))),\
    $(eval override $(k) := $$(value $(k)))$(eval export $(k))))

# Only fixed words reach the recipe: the goals are filtered by name.
KNOBS_GOALS := $(filter $(shell '$(KNOBS_MK_DIR)/knobs.sh' goals),$(MAKECMDGOALS)) \
               $(if $(filter build-%,$(MAKECMDGOALS)),builds)

.PHONY: knobs-check
knobs-check:
	@KNOB_RUNNER= '$(KNOBS_MK_DIR)/knobs.sh' check $(KNOBS_GOALS)
endif
