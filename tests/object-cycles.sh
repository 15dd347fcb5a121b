#!/usr/bin/env bash
# tests/object-cycles.sh OBJ...: exit 1 when the files behind these objects
# call each other in a circle (A uses a symbol B defines, and B, directly or
# through others, one A defines), so that a folder's files stay layered:
# helpers at the bottom, drivers at the top.  tests/structure.bats runs it
# over analysis/.  One line per pair that uses each other, then the cycle.
set -euo pipefail
(($#)) || { echo "usage: tests/object-cycles.sh OBJ..." >&2; exit 2; }
declare -A defined_in uses
for o in "$@"; do
    while read -r sym; do defined_in[$sym]=$(basename "$o" .o); done \
        < <(nm --defined-only -g -- "$o" | awk 'NF == 3 { print $3 }')
done
for o in "$@"; do
    user=$(basename "$o" .o)
    while read -r sym; do
        def=${defined_in[$sym]:-}
        [[ -z $def || $def == "$user" ]] || uses["$user $def"]+=" $sym"
    done < <(nm --undefined-only -- "$o" | awk '{ print $NF }')
done
# The first few symbols of a use, for the message.
some() { tr ' ' '\n' <<<"$1" | sed '/^$/d' | sort | head -n 3 | paste -sd ' '; }
rc=0
for edge in "${!uses[@]}"; do
    read -r a b <<<"$edge"
    if [[ $a < $b && -n ${uses["$b $a"]:-} ]]; then
        echo "cycle: $a uses $b ($(some "${uses[$edge]}")) and $b uses $a ($(some "${uses["$b $a"]}"))"
        rc=1
    fi
done
# Longer circles (A -> B -> C -> A): tsort names one.
if ! loop=$(printf '%s\n' "${!uses[@]}" | tsort 2>&1 >/dev/null); then
    echo "cycle through: $(grep -v 'input contains a loop' <<<"$loop" | sed 's/^tsort: //' | paste -sd ' ')"
    rc=1
fi
((rc == 0)) && echo "no cycle among $# objects"
exit "$rc"
