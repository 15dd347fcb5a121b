# history/history.mk — the results history (included by the top Makefile).
#
#   make dashboard [DB=results/osslbench.db] [OUT=results/dashboard]
#        one static page of every run in the database (bin/osslbench
#        dashboard); runs get in with `bin/osslbench db import DIR|CSV`
#
# DB and OUT reach the recipe through the environment only, as typed
# (tools/knobs.mk), and are quoted data there.

history_saved_goal := $(.DEFAULT_GOAL)

.PHONY: dashboard
dashboard: $(BIN)
	@'$(BIN)' dashboard --db "$${DB:-results/osslbench.db}" --out "$${OUT:-results/dashboard}"

.DEFAULT_GOAL := $(history_saved_goal)
