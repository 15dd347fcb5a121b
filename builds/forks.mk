# builds/forks.mk — `make builds-forks`: OpenSSL's forks built from source
# (builds/build-fork.sh; the forks and their pinned tags: builds/forks.tsv).
# Included by the top Makefile next to builds/builds.mk.
#
#   make builds-forks LIBRESSL_GIT=<clone> AWSLC_GIT=<clone> BORINGSSL_GIT=<clone>
#   make builds-forks AWSLC_GIT=<clone> AWSLC_REF=v5.4.0     another tag
#   make builds-forks FORKS=libressl        the pinned tarball in builds/tarballs/
# Knobs (tools/knobs.tsv): the three *_GIT and *_REF, FORKS, FORCE,
# OSSLBENCH_BUILDS_DIR, OSSLBENCH_TARBALLS, OSSLBENCH_JOBS.
forks_saved_goal := $(.DEFAULT_GOAL)
FORKS_MK_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
include $(FORKS_MK_DIR)/../tools/knobs.mk

.PHONY: builds-forks
builds-forks: | knobs-check
	@'$(FORKS_MK_DIR)/build-fork.sh'

.DEFAULT_GOAL := $(forks_saved_goal)
