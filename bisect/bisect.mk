# bisect/bisect.mk — verdict and bisection targets (included by the top
# Makefile with `-include bisect/bisect.mk`).
#
#   make regress BASE=<results|release|libcrypto> NEW=<...> [WORKLOADS=sha256]
#        [SIZES=16] [API=evp] [TIME=1] [THRESHOLD=5] [FORMAT=term|csv|md]
#        exit 0 no regression, 1 NEW slower somewhere, 2 bad input
#   make bisect OPENSSL_GIT=/path/to/openssl GOOD=<ref> BAD=<ref>
#        [WORKLOAD=sha256] [SIZE=16] [API=evp] [TIME=1] [THRESHOLD=5]
#        prints each step and the first commit that changed the speed
#
# Every value from the command line reaches the scripts through the
# environment, single-quoted here (each ' escaped), so none is ever run as
# shell code; the scripts then validate each one (refs with
# `git rev-parse --verify`, names and numbers by shape).

bisect_saved_goal := $(.DEFAULT_GOAL)
BISECT_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
bisect_q = '$(subst ','\'',$(1))'

.PHONY: regress bisect

regress: $(BIN)
	@BASE=$(call bisect_q,$(BASE)) NEW=$(call bisect_q,$(NEW)) \
	 WORKLOADS=$(call bisect_q,$(WORKLOADS)) SIZES=$(call bisect_q,$(SIZES)) \
	 API=$(call bisect_q,$(API)) TIME=$(call bisect_q,$(TIME)) \
	 THRESHOLD=$(call bisect_q,$(THRESHOLD)) FORMAT=$(call bisect_q,$(FORMAT)) \
	 RUN_ARGS=$(call bisect_q,$(RUN_ARGS)) \
	 bash $(call bisect_q,$(BISECT_MK_DIR)/regress.sh)

bisect: $(BIN)
	@OPENSSL_GIT=$(call bisect_q,$(OPENSSL_GIT)) GOOD=$(call bisect_q,$(GOOD)) \
	 BAD=$(call bisect_q,$(BAD)) WORKLOAD=$(call bisect_q,$(WORKLOAD)) \
	 SIZE=$(call bisect_q,$(SIZE)) API=$(call bisect_q,$(API)) \
	 TIME=$(call bisect_q,$(TIME)) THRESHOLD=$(call bisect_q,$(THRESHOLD)) \
	 bash $(call bisect_q,$(BISECT_MK_DIR)/bisect.sh)

.DEFAULT_GOAL := $(bisect_saved_goal)
