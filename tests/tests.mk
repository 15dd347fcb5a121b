# Unit tests (cmocka) link the runner's objects minus main(); shell-level
# tests (bats) drive bin/osslbench and the make targets as a user would.
UNIT_SRCS := $(sort $(wildcard tests/unit/test_*.c))
# This machine's own libcrypto.so.3, whatever its architecture (plots/system-lib.sh).
SYSTEM_LIBCRYPTO ?= $(shell plots/system-lib.sh)
UNIT_DEFS = -DSYSTEM_LIBCRYPTO='"$(SYSTEM_LIBCRYPTO)"'
UNIT_DIR  := build/tests$(if $(SAN),-san)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(UNIT_DIR)/%)

$(UNIT_DIR)/%: tests/unit/%.c $(LIB_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(SAN) $(UNIT_DEFS) $(LDFLAGS) -o $@ $< $(LIB_OBJS) -lcmocka $(LDLIBS)
# Shared helpers (tests/unit/*.h, header-only): a test is rebuilt when one changes.
$(UNIT_BINS): $(wildcard tests/unit/*.h)

# A fake 0.9.8 library (void HMAC shape) beside the unit tests that load it.
FAKE_098 := build/tests$(if $(SAN),-san)/fake-098.so
$(FAKE_098): tests/faults/fake098_lib.c
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) -shared -fPIC -O1 -o $@ $< -ldl
build/tests$(if $(SAN),-san)/test_shapes: $(FAKE_098)

BATS_FILES ?= $(sort $(wildcard tests/*.bats))

# What the tests run is compiled on every CPU (BUILD_JOBS), also when make was
# started without -j (a -j given to make is used instead: its jobserver); the
# tests themselves then run one after another, after the last link.
BUILD_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
PARALLEL_MAKE = case " $$MAKEFLAGS " in *" -j"*) j= ;; *) j=-j$(BUILD_JOBS) ;; esac; $(MAKE) --no-print-directory $$j

unit-tests: | deps
	@$(PARALLEL_MAKE) $(UNIT_BINS)
	@tests/run-all.sh $(UNIT_BINS)

shell-tests: | deps
	@$(PARALLEL_MAKE) $(BIN)
	@tests/run-all.sh -- $(BATS_FILES)

# One run, one closing line: "tests: N passed, N failed, N skipped".
test: | deps
	@$(PARALLEL_MAKE) $(UNIT_BINS) $(BIN)
	@tests/run-all.sh $(UNIT_BINS) -- $(BATS_FILES)

# The same unit and shell tests on an AddressSanitizer + UBSan build; any
# report fails the run.  LeakSanitizer only ignores the loaded libcrypto's
# own one-time allocations (see tests/sanitizers/lsan.supp).  handle_segv=0
# lets the fault library's deliberate SIGSEGV kill its child as it would
# without ASan, which is what tests/faults.bats checks.
ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
# ShellCheck on every shell file (tests/lint.sh says which and what else).
.PHONY: lint
lint:
	@tests/lint.sh

.PHONY: check-asan check-valgrind
check-asan:
	@$(PARALLEL_MAKE) SAN="$(ASAN_FLAGS)" bin/osslbench-san
	$(MAKE) SAN="$(ASAN_FLAGS)" unit-tests \
	    ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitizers/lsan.supp
	OSSLBENCH_BIN=$(CURDIR)/bin/osslbench-san ASAN_OPTIONS=detect_leaks=1:handle_segv=0 \
	    LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitizers/lsan.supp \
	    bats --print-output-on-failure tests/run.bats tests/faults.bats tests/runsafe.bats tests/json.bats tests/history.bats

# A quick benchmark under memcheck, children included (each is this program
# exec'd again: --trace-children), of every API path of a sample of the registry that runs
# each kind of code once, in `list --workloads` order: the first workload of
# each family, the first of each kind of operation (columns kind and ops), and
# a default workload whose API paths are new to its family and operations (an
# AEAD cipher's, a curve's own key exchange).  A workload the system library
# lacks is skipped (unsupported).  --time 0.01: each point stops at --quick's
# fewest samples; this checks memory, it does not measure.
VALGRIND := valgrind --quiet --trace-children=yes --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
            --suppressions=tests/sanitizers/valgrind.supp
VALGRIND_WORKLOADS := awk -F'\t' 'NR == 1 {for (i = 1; i <= NF; i++) c[$$i] = i; next} \
    {f = $$c["family"]; k = $$c["kind"] FS $$c["ops"]; paths = f FS $$c["ops"] FS $$c["apis"]} \
    !family[f]++ + !kind[k]++ {seen[paths]++; print $$c["workload"]; next} \
    $$c["default"] == "yes" && !seen[paths]++ {print $$c["workload"]}'
check-valgrind: $(BIN)
	rm -rf build/valgrind && mkdir -p build/valgrind
	wl=$$($(BIN) list --workloads --tsv | $(VALGRIND_WORKLOADS) | grep -E '^[a-z0-9-]+$$' | paste -sd, -) && \
	test -n "$$wl" || { echo "check-valgrind: no workloads from $(BIN) list --workloads --tsv" >&2; exit 1; }; \
	$(VALGRIND) --log-file=build/valgrind/run.%p $(BIN) run --lib $(SYSTEM_LIBCRYPTO) --quick --time 0.01 --quiet \
	    --sizes 64 --workloads "$$wl" --timeout 300 --csv - >/dev/null
	$(VALGRIND) --log-file=build/valgrind/info.%p $(BIN) info --lib $(SYSTEM_LIBCRYPTO) -v >/dev/null
	@# A forked child's report does not change the runner's exit status: every
	@# process's log (one per pid) must be empty.
	@if find build/valgrind -type f -exec cat {} + | grep .; then \
	    echo "check-valgrind: memcheck reported errors (logs in build/valgrind/)" >&2; exit 1; fi
	@echo "check-valgrind: clean"
