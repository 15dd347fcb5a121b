#!/usr/bin/env bash
# README's coverage table: each release's `openssl speed` list against what osslbench measures
# of it.  Both come from one table, harness/workloads/speed_names.def, through the binary:
# `bin/osslbench list --speed-lists --tsv` (release, list, name) and
# `bin/osslbench list --speed-names --tsv` (a speed name -> its workloads -> their API paths on
# that release, by compat/symbols.def's ranges).
#
#   tools/speed-coverage.sh      the Markdown table, as README has it between
#                                <!-- speed-coverage:begin --> and <!-- speed-coverage:end -->
#
# OSSLBENCH overrides bin/osslbench.  Exits 2 with one line when a listing cannot be had.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
die() { printf 'speed-coverage: %s\n' "$*" >&2; exit 2; }
bench=${OSSLBENCH:-$here/../bin/osslbench}
[[ -x $bench ]] || die "no $bench (run make first)"
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
"$bench" list --apis --tsv >"$tmp/apis.tsv" || die "bin/osslbench list --apis --tsv failed"
"$bench" list --speed-names --tsv >"$tmp/names.tsv" || die "bin/osslbench list --speed-names --tsv failed"
"$bench" list --speed-lists --tsv >"$tmp/lists.tsv" || die "bin/osslbench list --speed-lists --tsv failed"

awk -F'\t' '
    function cell(s) { gsub(/\|/, "\\|", s); return s }
    function add(list, item, sep) { return list == "" ? item : list (sep == "" ? ", " : sep) item }
    FILENAME == ARGV[1] { if (FNR > 1) api[++napi] = $1; next }
    FILENAME == ARGV[2] {
        if (FNR == 1) { for (i = 5; i <= NF; i++) relcol[i] = $i; next }
        for (i = 5; i <= NF; i++) {
            if ($i == "-") continue
            paths[relcol[i], $1] = $i
        }
        next
    }
    !hdr++ { if ($0 != "release\tlist\tname") { print "speed-coverage: bad header in list --speed-lists --tsv" > "/dev/stderr"; bad = 1; exit 2 } next }
    {
        rel = $1; kind = $2; name = $3
        if (!(rel in seen)) { seen[rel] = 1; order[++nrel] = rel }
        total[rel, kind]++
        if ((rel, name) in paths) {
            p = paths[rel, name]
            if (p == "none") { gaps[rel] = add(gaps[rel], name ": no API path on " rel, "; "); next }
            measured[rel, kind]++
            if (kind == "symmetric") { n = split(p, q, ","); for (k = 1; k <= n; k++) via[rel, q[k]] = 1 }
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
    }' "$tmp/apis.tsv" "$tmp/names.tsv" "$tmp/lists.tsv"
