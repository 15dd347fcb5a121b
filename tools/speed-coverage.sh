#!/usr/bin/env bash
# README's coverage table: each release's `openssl speed` list (tools/speed-lists.tsv) against
# what osslbench measures of it, read from the registry through
# `bin/osslbench list --speed-names --tsv` (harness/workloads/speed_names.def: a speed name ->
# its workloads -> their API paths on that release, by compat/symbols.def's ranges).
#
#   tools/speed-coverage.sh      the Markdown table, as README has it between
#                                <!-- speed-coverage:begin --> and <!-- speed-coverage:end -->
#
# Exits 2 with one line when the two sources disagree: speed_names.def gives a name a release
# whose list lacks it, or a listed name that the table maps lacks that release.
# OSSLBENCH and SPEED_LISTS override bin/osslbench and tools/speed-lists.tsv.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
die() { printf 'speed-coverage: %s\n' "$*" >&2; exit 2; }
bench=${OSSLBENCH:-$here/../bin/osslbench}
lists=${SPEED_LISTS:-$here/speed-lists.tsv}
[[ -x $bench ]] || die "no $bench (run make first)"
[[ -r $lists ]] || die "cannot read '$lists'"
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
"$bench" list --apis --tsv >"$tmp/apis.tsv" || die "bin/osslbench list --apis --tsv failed"
"$bench" list --speed-names --tsv >"$tmp/names.tsv" || die "bin/osslbench list --speed-names --tsv failed"

awk -F'\t' '
    function cell(s) { gsub(/\|/, "\\|", s); return s }
    function add(list, item, sep) { return list == "" ? item : list (sep == "" ? ", " : sep) item }
    FILENAME == ARGV[1] { if (FNR > 1) api[++napi] = $1; next }
    FILENAME == ARGV[2] {
        if (FNR == 1) { for (i = 5; i <= NF; i++) relcol[i] = $i; next }
        for (i = 5; i <= NF; i++) {
            if ($i == "-") continue
            paths[relcol[i], $1] = $i; mapped[$1] = 1
        }
        next
    }
    /^#/ || !NF { next }
    !hdr++ { if ($0 != "release\tlist\tname") { print "speed-coverage: bad header in " FILENAME > "/dev/stderr"; bad = 1; exit 2 } next }
    {
        rel = $1; kind = $2; name = $3
        if (!(rel in seen)) { seen[rel] = 1; order[++nrel] = rel }
        listed[rel, name] = 1
        total[rel, kind]++
        if ((rel, name) in paths) {
            p = paths[rel, name]
            if (p == "none") { gaps[rel] = add(gaps[rel], name ": no API path on " rel, "; "); next }
            measured[rel, kind]++
            if (kind == "symmetric") { n = split(p, q, ","); for (k = 1; k <= n; k++) via[rel, q[k]] = 1 }
        } else if (name in mapped) {
            printf "speed-coverage: speed_names.def maps %s but not for %s, whose speed list has it\n", name, rel > "/dev/stderr"
            bad = 1; exit 2
        } else if (kind == "public-key") {
            pk_gap[rel]++
        } else if (kind == "switch") {
            switches[rel] = add(switches[rel], name)
        } else {
            gaps[rel] = add(gaps[rel], name ": not a workload", "; ")
        }
    }
    END {
        if (bad) exit 2
        for (key in paths) {
            split(key, kv, SUBSEP)
            if (!((kv[1], kv[2]) in listed)) {
                printf "speed-coverage: speed_names.def gives %s to %s, whose speed list lacks it\n", kv[2], kv[1] > "/dev/stderr"
                exit 2
            }
        }
        print "| `openssl speed` | symmetric names measured | through | public-key names measured | not measured, and why |"
        print "|---|---|---|---|---|"
        for (r = 1; r <= nrel; r++) {
            rel = order[r]; through = ""
            for (a = 1; a <= napi; a++) if ((rel, api[a]) in via) through = add(through, "`" api[a] "`")
            why = gaps[rel]
            if (pk_gap[rel]) why = add(why, pk_gap[rel] " public-key names: not workloads yet (the next issue)", "; ")
            if (switches[rel] != "") why = add(why, switches[rel] ": switches, not algorithms", "; ")
            printf "| %s | %d of %d | %s | %d of %d | %s |\n", cell(rel), measured[rel, "symmetric"], total[rel, "symmetric"],
                through, measured[rel, "public-key"], total[rel, "public-key"], cell(why == "" ? "-" : why)
        }
    }' "$tmp/apis.tsv" "$tmp/names.tsv" "$lists"
