# fleet/fleet.mk — `make fleet` (included by the top Makefile); the logic is
# in fleet/fleet.sh (see fleet/README.md).
#
#   make fleet HOSTS="user@a user@b" | HOSTS_FILE=file  [SSH="ssh -F cfg"]
#              [FLEET_DIR=dir] [RETRIES=2] [REFERENCE=host] [RESULTS_ROOT=dir]
#              [DRY_RUN=1: print each host's command, contact none]
#              [any make compare knob: QUICK=1 RELEASES=... WORKLOADS=... ...]

fleet_saved_goal := $(.DEFAULT_GOAL)
FLEET_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
# Knobs reach fleet.sh through the environment only, their bytes as the user
# typed them (tools/knobs.mk; tools/knobs.sh checked their shape), never
# through the recipe's shell text: fleet's own as FLEET_X, those it ships to
# every host as COMPARE_X.  Which knobs: tools/knobs.tsv (tools/knobs.mk).
fleet_set = $(filter-out undefined,$(origin $(1)))
# (A FLEET_X knob keeps its name: tools/knobs.mk exports it raw already.)
$(foreach k,$(filter-out FLEET_%,$(KNOBS_TO_FLEET)),$(if $(call fleet_set,$(k)),\
    $(eval fleet: export FLEET_$(k) = $$(value $(k)))))
$(foreach k,$(KNOBS_TO_HOSTS),$(if $(call fleet_set,$(k)),$(eval fleet: export COMPARE_$(k) = $$(value $(k)))))

.PHONY: fleet
fleet: $(BIN)
	@'$(FLEET_MK_DIR)/fleet.sh'

.DEFAULT_GOAL := $(fleet_saved_goal)
