# plots/plots.mk — `make compare` and `make plots` (included by the top
# Makefile).  make compare runs `osslbench bench --from-make` itself, no shell
# between: bench checks the knobs and runs (bench/bench_make.c, cli/cmd_bench.c);
# plots/draw.sh draws; see plots/README.md.
#
#   make compare [QUICK=1] [RELEASES="1.1.1w 3.0.20"] [LIBS="[LABEL=]PATH ..."]
#                [BASELINE=LABEL] [WORKLOADS=sha256,rsa2048] [SIZES=16,1024]
#                [API=evp,fetch] [TIME=S] [PRECISION=P] [BUDGET=6m] [THREADS=1,2] [PROCS=2] [PROVIDERS=legacy] [NO_BUILD=1]
#                [SYSTEM_LIB=PATH|none] [RESULTS_ROOT=DIR]
#                [EXPLAIN=N]   (the N largest changes explained: docs/explain.md)
#   make explain WORKLOADS=... [RELEASES=...] [SIZES=...] [API=...]   why, per function
#   make plots [RESULTS=results/<run>] [BASELINE=LABEL]    (default results/latest)
#   make report [RESULTS=results/<run or fleet>] [REFERENCE=HOST]   one HTML page

plots_saved_goal := $(.DEFAULT_GOAL)
PLOTS_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))

# Knobs reach the programs through the environment only, never through the
# recipe's text: each set knob X is exported as COMPARE_X (KNOB_X for
# plots/report), its bytes as the user typed them (tools/knobs.mk made them
# raw, $(value) keeps them so); osslbench bench and the scripts validate them.
# Which knobs: tools/knobs.tsv (read by tools/knobs.mk).
plots_set = $(filter-out undefined,$(origin $(1)))
$(foreach k,$(KNOBS_TO_COMPARE),$(if $(call plots_set,$(k)),$(eval compare: export COMPARE_$(k) = $$(value $(k)))))
compare: export COMPARE_MAKE = $(MAKE)
$(foreach k,$(filter $(KNOBS_TO_COMPARE),$(call knobs_of_goal,explain)),$(if $(call plots_set,$(k)),$(eval explain: export COMPARE_$(k) = $$(value $(k)))))
explain: export COMPARE_MAKE = $(MAKE)
$(foreach k,$(call knobs_of_goal,plots),$(eval plots: export KNOB_$(k) = $$(value $(k))))
$(foreach k,$(call knobs_of_goal,report),$(eval report: export KNOB_$(k) = $$(value $(k))))

.PHONY: compare explain plots report
# No shell character in this line: make execs the runner directly.
compare: $(BIN)
	@'$(abspath $(BIN))' bench --from-make --repo '$(abspath $(PLOTS_MK_DIR)/..)'

# make explain: the same libraries and knobs, explained instead of timed
# (osslbench explain, docs/explain.md).
explain: $(BIN)
	@'$(abspath $(BIN))' bench --from-make --explain-only --repo '$(abspath $(PLOTS_MK_DIR)/..)'

plots: $(BIN)
	@'$(PLOTS_MK_DIR)/draw.sh' $${KNOB_BASELINE:+--baseline "$$KNOB_BASELINE"} -- "$${KNOB_RESULTS:-results/latest}"

report: $(BIN)
	@'$(PLOTS_MK_DIR)/report.sh' $${KNOB_REFERENCE:+--reference "$$KNOB_REFERENCE"} -- "$${KNOB_RESULTS:-results/latest}"

.DEFAULT_GOAL := $(plots_saved_goal)
