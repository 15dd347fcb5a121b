# Coverage-guided fuzzing (libFuzzer, clang) of the parsers that read outside
# data: the results CSV reader and `run`'s argument parsing.
#   make fuzz FUZZ_SECONDS=60
FUZZ_SECONDS ?= 30
FUZZ_CC      ?= clang
FUZZ_FLAGS   := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_SRCS    := $(filter-out cli/main.c,$(SRCS))
FUZZ_TARGETS := build/fuzz/fuzz_csv build/fuzz/fuzz_args

build/fuzz/%: fuzz/%.c $(FUZZ_SRCS) | deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CSTD) $(WARN) $(FUZZ_FLAGS) -o $@ $< $(FUZZ_SRCS) $(LDLIBS)

# FUZZ_SECONDS is a knob: tools/knobs.sh checks its shape first.
.PHONY: fuzz
fuzz: $(FUZZ_TARGETS) | knobs-check
	@for t in $(FUZZ_TARGETS); do \
	    name=$$(basename $$t); corpus=build/fuzz/corpus-$$name; \
	    mkdir -p $$corpus && cp fuzz/corpus/$${name#fuzz_}/* $$corpus/; \
	    echo "fuzz: $$name for $(FUZZ_SECONDS) s"; \
	    $$t -max_total_time=$(FUZZ_SECONDS) -close_fd_mask=3 -print_final_stats=0 $$corpus \
	        >build/fuzz/$$name.log 2>&1 || { tail -n 30 build/fuzz/$$name.log; exit 1; }; \
	    grep -E '^(#[0-9]+: |Done )' build/fuzz/$$name.log | tail -n 1; \
	done
