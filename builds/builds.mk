# builds/builds.mk — make targets of the builds/ subsystem.
# Included by the top Makefile (`include builds/builds.mk`); also usable alone:
# `make -f builds/builds.mk builds`.  Defines no generic target (all, test, clean).
#
#   make builds                       default set (manifest column set=default)
#   make builds RELEASES="1.1.1w 3.0.20"
#   make build-<release>              one release, e.g. make build-3.0.20 / build-3.0.20-noasm
#   make list-releases                manifest + what is installed
#   make clean-builds                 remove install/, work/, logs/ (keeps downloaded tarballs)
#   make distclean-builds             also the tarball cache and the private apt state
# Knobs passed through the environment: CC, APPS=1, FORCE=1, OPENSSL_GIT,
# OSSLBENCH_BUILDS_DIR, OSSLBENCH_TARBALLS, OSSLBENCH_SOURCES, OSSLBENCH_JOBS.

# Do not become the default goal of the including Makefile.
builds_saved_goal := $(.DEFAULT_GOAL)

BUILDS_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))

# Knobs are values, never make code or shell text (tools/knobs.mk reads
# them raw and checks their shape first; included here too for
# `make -f builds/builds.mk`).  The release names reach the scripts through
# the environment, which validate them against the manifest and
# ^[0-9a-z.]+(-noasm)?$.
include $(BUILDS_MK_DIR)/../tools/knobs.mk

.PHONY: builds list-releases clean-builds distclean-builds

builds: export OSSLBENCH_RELEASES = $(value RELEASES)
builds: | knobs-check
	@'$(BUILDS_MK_DIR)/build-all.sh'

build-%: export BUILDS_ONE = $*
build-%: | knobs-check
	@'$(BUILDS_MK_DIR)/build-all.sh' "$$BUILDS_ONE"

list-releases:
	@$(BUILDS_MK_DIR)/list-releases.sh

clean-builds:
	@$(BUILDS_MK_DIR)/clean.sh

distclean-builds:
	@$(BUILDS_MK_DIR)/clean.sh --all

.DEFAULT_GOAL := $(builds_saved_goal)
