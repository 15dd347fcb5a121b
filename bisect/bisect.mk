# bisect/bisect.mk — verdict and bisection targets (included by the top
# Makefile with `-include bisect/bisect.mk`).
#
#   make regress BASE=<results|release|libcrypto> NEW=<...> [WORKLOADS=sha256]
#        [SIZES=16] [API=evp] [TIME=1] [THRESHOLD=5] [FORMAT=term|csv|md]
#        exit 0 no regression, 1 NEW slower somewhere, 2 bad input
#   make bisect OPENSSL_GIT=/path/to/openssl GOOD=<ref> BAD=<ref>
#        [WORKLOAD=sha256] [SIZE=16] [API=evp] [TIME=1] [THRESHOLD=5]
#        prints each step and the first commit that changed the speed
#   make track OPENSSL_GIT=/path/to/openssl [BRANCH=master] [SINCE=<ref>]
#        [EVERY=N] [REFERENCE_LIB=path] [DB=results/osslbench.db] [WORKLOAD=..]
#        each commit not yet in the history database built, measured against
#        the reference and imported; changes printed with their make bisect line
#
# Every value from the command line reaches the scripts through the
# environment only, as the user typed it (tools/knobs.mk exports each knob
# raw, and tools/knobs.sh has checked its shape before anything ran); none
# is ever part of a recipe's shell text.  The scripts then validate each one
# (refs with `git rev-parse --verify`, workloads by asking the runner).

bisect_saved_goal := $(.DEFAULT_GOAL)
BISECT_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))

.PHONY: regress bisect track

regress: $(BIN)
	@bash '$(BISECT_MK_DIR)/regress.sh'

bisect: $(BIN)
	@bash '$(BISECT_MK_DIR)/bisect.sh'

track: $(BIN)
	@bash '$(BISECT_MK_DIR)/track.sh'

.DEFAULT_GOAL := $(bisect_saved_goal)
