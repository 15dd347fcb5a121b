# plots/plots.mk — `make compare` and `make plots` (included by the top
# Makefile).  The logic lives in plots/compare.sh and plots/draw.sh; see
# plots/README.md.
#
#   make compare [QUICK=1] [RELEASES="1.1.1w 3.0.20"] [LIBS="[LABEL=]PATH ..."]
#                [BASELINE=LABEL] [WORKLOADS=sha256,rsa2048] [SIZES=16,1024]
#                [API=evp,fetch] [TIME=S] [PRECISION=P] [THREADS=1,2] [PROCS=2] [NO_BUILD=1]
#                [SYSTEM_LIB=PATH|none] [RESULTS_ROOT=DIR]
#   make plots [RESULTS=results/<run>] [BASELINE=LABEL]    (default results/latest)
#   make report [RESULTS=results/<run or fleet>] [REFERENCE=HOST]   one HTML page

plots_saved_goal := $(.DEFAULT_GOAL)
PLOTS_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))

# Values reach the shell single-quoted (each ' escaped): a knob can never run
# as shell code; the scripts then validate every value.
plots_q = '$(subst ','\'',$(1))'
PLOTS_KNOBS = RELEASES LIBS BASELINE WORKLOADS SIZES API TIME PRECISION CLOCK THREADS PROCS QUICK NO_BUILD \
              SYSTEM_LIB RESULTS_ROOT
plots_env = $(foreach k,$(PLOTS_KNOBS),$(if $(filter-out undefined,$(origin $(k))),\
              COMPARE_$(k)=$(call plots_q,$($(k)))))

.PHONY: compare plots report
compare: $(BIN)
	@env $(plots_env) MAKE=$(call plots_q,$(MAKE)) $(PLOTS_MK_DIR)/compare.sh

plots: $(BIN)
	@$(PLOTS_MK_DIR)/draw.sh $(if $(BASELINE),--baseline $(call plots_q,$(BASELINE))) \
	    -- $(call plots_q,$(or $(RESULTS),results/latest))

report: $(BIN)
	@$(PLOTS_MK_DIR)/report.sh $(if $(REFERENCE),--reference $(call plots_q,$(REFERENCE))) \
	    -- $(call plots_q,$(or $(RESULTS),results/latest))

.DEFAULT_GOAL := $(plots_saved_goal)
