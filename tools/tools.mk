# tools/tools.mk — developer tools (not part of bin/osslbench, not run by tests
# except for the build).  Included by the top Makefile.
#
#   make tightloop    build/tools/tightloop: one libcrypto call sequence in the
#                     tightest loop (per-op overhead of a harness, see
#                     tools/README.md)
TIGHTLOOP   := build/tools/tightloop
COMPAT_OBJS := $(filter $(OBJDIR)/compat/%.o,$(OBJS))

.PHONY: tightloop
tightloop: $(TIGHTLOOP)

$(TIGHTLOOP): tools/tightloop.c tools/tightloop_modes.c tools/tightloop.h $(COMPAT_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -o $@ $(filter %.c,$^) $(COMPAT_OBJS) $(LDLIBS)

#   make pq-sign      build/tools/pq-sign: a seeded key and the SHA-256 of its
#                     deterministic ML-DSA / SLH-DSA signature, made by a 3.5+
#                     libcrypto (tools/gen-pq-sig-vectors.sh)
PQ_SIGN := build/tools/pq-sign

.PHONY: pq-sign
pq-sign: $(PQ_SIGN)

$(PQ_SIGN): tools/pq-sign.c $(COMPAT_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -o $@ $(filter %.c,$^) $(COMPAT_OBJS) $(LDLIBS)

#   make knob-views   tools/knobs.gen.mk and tools/knobs.gen.sh, make's and the
#                     scripts' views of tools/knobs.tsv and tools/knob-kinds.tsv,
#                     written again after an edit of either (`osslbench knobs`;
#                     tests/knobs.bats fails while they differ)
.PHONY: knob-views
knob-views: $(BIN)
	$(BIN) knobs --make >tools/knobs.gen.mk.new && mv tools/knobs.gen.mk.new tools/knobs.gen.mk
	$(BIN) knobs --shell >tools/knobs.gen.sh.new && mv tools/knobs.gen.sh.new tools/knobs.gen.sh
