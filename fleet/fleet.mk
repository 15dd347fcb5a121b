# fleet/fleet.mk — `make fleet` (included by the top Makefile); the logic is
# in fleet/fleet.sh (see fleet/README.md).
#
#   make fleet HOSTS="user@a user@b" | HOSTS_FILE=file  [SSH="ssh -F cfg"]
#              [FLEET_DIR=dir] [RETRIES=2] [REFERENCE=host] [RESULTS_ROOT=dir]
#              [any make compare knob: QUICK=1 RELEASES=... WORKLOADS=... ...]

fleet_saved_goal := $(.DEFAULT_GOAL)
FLEET_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
# Knobs reach fleet.sh through the environment only (FLEET_X, COMPARE_X),
# their bytes as the user typed them (tools/knobs.mk; tools/knobs.sh checked
# their shape), never through the recipe's shell text.
FLEET_KNOBS = HOSTS HOSTS_FILE SSH FLEET_DIR RETRIES REFERENCE RESULTS_ROOT
FLEET_COMPARE_KNOBS = RELEASES LIBS BASELINE WORKLOADS SIZES API TIME PRECISION CLOCK THREADS PROCS QUICK \
                      NO_BUILD SYSTEM_LIB
fleet_set = $(filter-out undefined,$(origin $(1)))
# (FLEET_DIR keeps its name: tools/knobs.mk exports it raw already.)
$(foreach k,$(filter-out FLEET_DIR,$(FLEET_KNOBS)),$(if $(call fleet_set,$(k)),\
    $(eval fleet: export FLEET_$(k) = $$(value $(k)))))
$(foreach k,$(FLEET_COMPARE_KNOBS),$(if $(call fleet_set,$(k)),$(eval fleet: export COMPARE_$(k) = $$(value $(k)))))

.PHONY: fleet
fleet: $(BIN)
	@'$(FLEET_MK_DIR)/fleet.sh'

.DEFAULT_GOAL := $(fleet_saved_goal)
