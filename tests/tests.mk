# Unit tests (cmocka) link the runner's objects minus main(); shell-level
# tests (bats) drive bin/osslbench and the make targets as a user would.
UNIT_SRCS := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=build/tests$(if $(SAN),-san)/%)

build/tests$(if $(SAN),-san)/%: tests/unit/%.c $(LIB_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(SAN) -o $@ $< $(LIB_OBJS) -lcmocka $(LDLIBS)

unit-tests: $(UNIT_BINS)
	@status=0; for t in $(UNIT_BINS); do $$t || status=1; done; exit $$status

shell-tests: $(BIN)
	bats --print-output-on-failure $(BATS_FILTER) tests/

test: unit-tests shell-tests
