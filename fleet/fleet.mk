# fleet/fleet.mk — `make fleet` (included by the top Makefile); the logic is
# in fleet/fleet.sh (see fleet/README.md).
#
#   make fleet HOSTS="user@a user@b" | HOSTS_FILE=file  [SSH="ssh -F cfg"]
#              [FLEET_DIR=dir] [RETRIES=2] [REFERENCE=host] [RESULTS_ROOT=dir]
#              [any make compare knob: QUICK=1 RELEASES=... WORKLOADS=... ...]

fleet_saved_goal := $(.DEFAULT_GOAL)
FLEET_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
fleet_q = '$(subst ','\'',$(1))'
FLEET_KNOBS = HOSTS HOSTS_FILE SSH FLEET_DIR RETRIES REFERENCE RESULTS_ROOT
FLEET_COMPARE_KNOBS = RELEASES LIBS BASELINE WORKLOADS SIZES API TIME PRECISION CLOCK THREADS PROCS QUICK \
                      NO_BUILD SYSTEM_LIB
fleet_set = $(filter-out undefined,$(origin $(1)))
fleet_env = $(foreach k,$(FLEET_KNOBS),$(if $(call fleet_set,$(k)),FLEET_$(patsubst FLEET_%,%,$(k))=$(call fleet_q,$($(k))))) \
            $(foreach k,$(FLEET_COMPARE_KNOBS),$(if $(call fleet_set,$(k)),COMPARE_$(k)=$(call fleet_q,$($(k)))))

.PHONY: fleet
fleet: $(BIN)
	@env $(fleet_env) $(FLEET_MK_DIR)/fleet.sh

.DEFAULT_GOAL := $(fleet_saved_goal)
