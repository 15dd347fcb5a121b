# cross/cross.mk — the runner and its unit tests for another CPU architecture
# (included by the top Makefile): cross-compiled with Debian's cross gcc, run
# under qemu-user.  It shows that nothing in the runner is x86-only.
#
#   make cross-test [ARCH=aarch64]    build, then run the unit tests under qemu
#   make cross-build [ARCH=aarch64]   build only (build/cross-<ARCH>/)
#
# Needs (Debian): gcc-<ARCH>-linux-gnu libc6-dev-<deb-arch>-cross qemu-user.
# cmocka and a libcrypto of that architecture come from Debian's archive
# (cross/sysroot.sh: downloaded and unpacked, not installed).

ARCH ?= aarch64
# Debian's names: architecture (arm64 for aarch64) and GNU triplet.
CROSS_DEB_ARCH = $(if $(filter aarch64,$(ARCH)),arm64,$(ARCH))
CROSS_TRIPLET  = $(ARCH)-linux-gnu
CROSS_CC      ?= $(CROSS_TRIPLET)-gcc
CROSS_QEMU    ?= qemu-$(ARCH)
CROSS_DIR      = $(CURDIR)/build/cross-$(ARCH)
CROSS_SYSROOT  = $(CROSS_DIR)/sysroot
CROSS_LIBDIR   = $(CROSS_SYSROOT)/usr/lib/$(CROSS_TRIPLET)

# ARCH is a knob: tools/knobs.sh checks its shape before it reaches a recipe.
.PHONY: cross-build cross-test
cross-build: | knobs-check
	@command -v $(CROSS_CC) >/dev/null || { echo "cross: $(CROSS_CC) is missing (apt-get install gcc-$(CROSS_TRIPLET))" >&2; exit 1; }
	@cross/sysroot.sh $(CROSS_DEB_ARCH) $(CROSS_SYSROOT) >/dev/null
	@$(PARALLEL_MAKE) CC=$(CROSS_CC) OBJDIR=$(CROSS_DIR)/obj BIN=$(CROSS_DIR)/bin/osslbench \
	    UNIT_DIR=$(CROSS_DIR)/tests SYSTEM_LIBCRYPTO=/usr/lib/$(CROSS_TRIPLET)/libcrypto.so.3 \
	    CFLAGS="-O2 -g -I$(CROSS_SYSROOT)/usr/include" \
	    LDFLAGS="-L$(CROSS_LIBDIR) -Wl,-rpath,$(CROSS_LIBDIR)" \
	    $(CROSS_DIR)/bin/osslbench $(UNIT_SRCS:tests/unit/%.c=$(CROSS_DIR)/tests/%)

# The unit tests get two libraries: this machine's own libcrypto (another
# architecture: those tests skip) and Debian's libcrypto of ARCH (they run).
cross-test: cross-build
	@command -v $(CROSS_QEMU) >/dev/null || { echo "cross: $(CROSS_QEMU) is missing (apt-get install qemu-user)" >&2; exit 1; }
	@CROSS_QEMU=$(CROSS_QEMU) CROSS_PREFIX=/usr/$(CROSS_TRIPLET) CROSS_DIR=$(CROSS_DIR) \
	    CROSS_LIBCRYPTO=$(CROSS_LIBDIR)/libcrypto.so.3 HOST_LIBCRYPTO=$(SYSTEM_LIBCRYPTO) \
	    cross/run-tests.sh $(UNIT_SRCS:tests/unit/%.c=$(CROSS_DIR)/tests/%)
