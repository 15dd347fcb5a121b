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

# Values from the command line reach the shell single-quoted (each ' escaped),
# so a release name can never run as shell code; the scripts then validate it
# against the manifest and ^[0-9a-z.]+(-noasm)?$.
builds_q = '$(subst ','\'',$(1))'

.PHONY: builds list-releases clean-builds distclean-builds

builds:
	@OSSLBENCH_RELEASES=$(call builds_q,$(RELEASES)) $(BUILDS_MK_DIR)/build-all.sh

build-%:
	@$(BUILDS_MK_DIR)/build-all.sh $(call builds_q,$*)

list-releases:
	@$(BUILDS_MK_DIR)/list-releases.sh

clean-builds:
	@$(BUILDS_MK_DIR)/clean.sh

distclean-builds:
	@$(BUILDS_MK_DIR)/clean.sh --all

.DEFAULT_GOAL := $(builds_saved_goal)
