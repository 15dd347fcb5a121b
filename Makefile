# osslbench — top-level make.  Each subsystem owns a fragment (builds/, plots/,
# bisect/, fuzz/, tests/) so that a concern is found by its folder's name.
#
#   make            build bin/osslbench
#   make test       unit + shell tests
#   make compare    benchmark every installed release, draw the charts
#   make builds     fetch, verify and build the default releases
#
# Before any of them compiles anything, tools/deps.mk checks the Debian
# packages the goals need (tools/packages.tsv) and, as root, installs them.

CC      ?= cc
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN    := -Wall -Wextra -Werror
CFLAGS  ?= -O2 -g
LDLIBS  := -ldl -lm -lpthread
SAN     ?=

# The runner is compiled once for every release: no OpenSSL header, no -lcrypto.
SRC_DIRS := util compat harness harness/workloads data stats record csv analysis history options knobs charts explain runner bench cli
SRCS     := $(sort $(foreach d,$(SRC_DIRS),$(wildcard $(d)/*.c)))
OBJDIR   := build/obj$(if $(SAN),-san)
OBJS     := $(SRCS:%.c=$(OBJDIR)/%.o)
LIB_OBJS := $(filter-out $(OBJDIR)/cli/main.o,$(OBJS))
BIN      := bin/osslbench$(if $(SAN),-san)

.PHONY: all test unit-tests shell-tests clean
all: $(BIN)

$(BIN): $(OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SAN) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(OBJDIR)/%.o: %.c | deps
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(SAN) -MMD -MP -c -o $@ $<

-include $(OBJS:.o=.d)

# The version metadata.txt records (runner/run_metadata.c): git describe when
# the runner is built, in a header rewritten only when it changes.
VERSION_H := build/version.h
.PHONY: version-stamp
$(VERSION_H): version-stamp
	@mkdir -p $(@D)
	@v=$$([ ! -e .git ] || git describe --always --dirty --tags 2>/dev/null | tr -cd 'A-Za-z0-9._+-'); \
	    printf '#define OSSLBENCH_BUILD_VERSION "%s"\n' "$$v" >$@.$$$$; \
	    if cmp -s $@.$$$$ $@; then rm -f $@.$$$$; else mv -f $@.$$$$ $@; fi
$(OBJDIR)/runner/run_metadata.o: $(VERSION_H)

include tools/deps.mk
include tests/tests.mk
-include builds/builds.mk
-include builds/forks.mk
-include plots/plots.mk
-include bisect/bisect.mk
-include fuzz/fuzz.mk
-include tools/tools.mk
-include cross/cross.mk
-include fleet/fleet.mk
-include history/history.mk

clean:
	rm -rf build bin
