# Coverage-guided fuzzing (libFuzzer, clang) of the parsers that read outside
# data: the results CSV reader, a handed run folder (its results.csv,
# metadata.txt and plots/charts.list, through record/folder_file.h), the
# history database reader (a crafted SQLite file), its packed samples (a
# crafted blob) and `run`'s argument parsing.
#   make fuzz FUZZ_SECONDS=60
FUZZ_SECONDS ?= 30
FUZZ_CC      ?= clang
FUZZ_FLAGS   := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_SRCS    := $(filter-out cli/main.c,$(SRCS))
FUZZ_TARGETS := build/fuzz/fuzz_csv build/fuzz/fuzz_folder build/fuzz/fuzz_db build/fuzz/fuzz_pack build/fuzz/fuzz_args

# The runner's sources are compiled once for every target (instrumented, not
# linked with libFuzzer's main), so a third target costs a link, not a build.
FUZZ_OBJS    := $(FUZZ_SRCS:%.c=build/fuzz/obj/%.o)
build/fuzz/obj/%.o: %.c | deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CSTD) $(WARN) $(subst fuzzer,fuzzer-no-link,$(FUZZ_FLAGS)) -MMD -MP -c -o $@ $<
-include $(FUZZ_OBJS:.o=.d)
# Kept between runs (make removes a pattern rule's intermediate files).
.SECONDARY: $(FUZZ_OBJS)

build/fuzz/%: fuzz/%.c $(FUZZ_OBJS) | deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CSTD) $(WARN) $(FUZZ_FLAGS) -o $@ $< $(FUZZ_OBJS) $(LDLIBS)

# The database fuzzer's seed beside fuzz/corpus/db: a genuine history
# database, made by this osslbench from the CSV fuzzer's seed (binary, so
# made here rather than kept in git).
build/fuzz/seed.db: fuzz/corpus/csv/seed.csv $(BIN)
	@mkdir -p $(@D) && rm -f $@ $@-wal $@-shm
	@$(BIN) db import $< --db $@ >/dev/null

# FUZZ_SECONDS is a knob: tools/knobs.sh checks its shape first.
.PHONY: fuzz
fuzz: $(FUZZ_TARGETS) build/fuzz/seed.db | knobs-check
	@for t in $(FUZZ_TARGETS); do \
	    name=$$(basename $$t); corpus=build/fuzz/corpus-$$name; \
	    mkdir -p $$corpus && cp fuzz/corpus/$${name#fuzz_}/* $$corpus/; \
	    [ $$name != fuzz_db ] || cp build/fuzz/seed.db $$corpus/; \
	    echo "fuzz: $$name for $(FUZZ_SECONDS) s"; \
	    $$t -max_total_time=$(FUZZ_SECONDS) -close_fd_mask=3 -print_final_stats=0 $$corpus \
	        >build/fuzz/$$name.log 2>&1 || { tail -n 30 build/fuzz/$$name.log; exit 1; }; \
	    grep -E '^(#[0-9]+: |Done )' build/fuzz/$$name.log | tail -n 1; \
	done
