#!/usr/bin/env bash
# tools/knobs.sh — the one grammar of every user knob of the make targets
# (WORKLOADS=, GOOD=, HOSTS=, ...).  The knobs, the targets that take each and
# where each goes are one table, tools/knobs.tsv; here is what a value of each
# kind may look like.  A knob is a value, never code: a value that does not
# fit its grammar ($(...), backquotes, ';' where no such character belongs)
# is refused with one line before anything is built or run.
#
#   tools/knobs.sh names          every knob name (tools/knobs.mk has them from knobs.gen.mk)
#   tools/knobs.sh goals          the make targets that take knobs
#   tools/knobs.sh goal GOAL      the knobs of one target
#   tools/knobs.sh list compare|fleet|forward
#                                 the knobs make passes to osslbench bench, to
#                                 fleet/fleet.sh, and that fleet ships to hosts
#   tools/knobs.sh kind NAME      a knob's kind (its grammar)
#   tools/knobs.sh run-option NAME  the `bin/osslbench run` option of a knob
#   tools/knobs.sh check GOAL...  make's check before any work: each knob of
#                                 these goals that is set in the environment;
#                                 exit 2 with one "GOAL: error: NAME: ..." line
#                                 (the runner asked too when KNOB_RUNNER is set)
#   tools/knobs.sh runner-kinds   the kinds the runner's parsers judge
#   tools/knobs.sh judge KIND     that judge (tools/knob-kinds.tsv: "run --sizes")
#   source tools/knobs.sh         knob_check NAME VALUE: the caller's die() on
#                                 a bad value (fleet/, bisect/)
#
# Two sorts of kind (tools/knob-kinds.tsv, the one table of them, which
# knobs/knob_grammar.c holds values to as well).  A value of a runner option (SIZES is
# run's --sizes, THRESHOLD regress's --threshold, a label record/row.c's
# rule: the kinds with a judge) has one grammar, the runner's parser's:
# with KNOB_RUNNER set to bin/osslbench, knob_problem asks `KNOB_RUNNER
# check-value JUDGE VALUE` and refuses with the parser's line.  Before
# that, such a kind's pattern is only its alphabet: enough to refuse code
# before anything is built.  make's own check (`knobs.sh check`,
# tools/knobs.mk) runs before bin/osslbench is built, so it has only the
# patterns; the scripts that make runs after building it (fleet/fleet.sh,
# bisect/) set KNOB_RUNNER and check every knob again, before any work of
# theirs (make compare's `osslbench bench --from-make` calls the parsers
# itself).  The other kinds (paths, logins, refs, commands, ...) have no
# judge: their pattern is their grammar.  The scripts still check meaning
# (a release that is installed, a ref git resolves, a file that exists).
# shellcheck shell=bash

# The tables as arrays (tools/knobs.gen.sh, written from tools/knobs.tsv and
# tools/knob-kinds.tsv by `osslbench knobs --shell`, knobs/knob_table.c being
# their one reader; `make knob-views` after an edit): kind -> the pattern a
# value must match (KIND_VALUES), the runner's judge ("run --sizes", "label
# split", "-": none; KIND_JUDGE) and the words of a refusal (KIND_WHAT); knob
# name -> KNOB_KIND, KNOB_GOALS_OF (",compare,fleet,"), KNOB_COMPARE and
# KNOB_FLEET; KNOB_NAMES in the table's order, KNOB_GOALS every goal once.
# shellcheck source=tools/knobs.gen.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/knobs.gen.sh" || exit 2

# knob_kind NAME: the grammar (kind) of a knob; non-zero for an unknown name.
knob_kind() {
    [[ -n ${KNOB_KIND[$1]+x} ]] || return 1
    echo "${KNOB_KIND[$1]}"
}

# knob_goal GOAL: the knobs a make target takes; non-zero for another goal.
knob_goal() {
    local name picked=()
    [[ " $KNOB_GOALS " == *" $1 "* ]] || return 1
    for name in "${KNOB_NAMES[@]}"; do
        [[ ${KNOB_GOALS_OF[$name]} != *",$1,"* ]] || picked+=("$name")
    done
    echo "${picked[*]}"
}

# knob_list compare|fleet|forward: the knobs make passes to osslbench bench
# (as COMPARE_NAME), to fleet/fleet.sh as its own (FLEET_NAME), or that
# fleet.sh ships to every host's make compare.
knob_list() {
    local name picked=()
    for name in "${KNOB_NAMES[@]}"; do
        case $1 in
            compare) [[ ${KNOB_COMPARE[$name]} == - ]] || picked+=("$name") ;;
            fleet) [[ ${KNOB_FLEET[$name]} != own ]] || picked+=("$name") ;;
            forward) [[ ${KNOB_FLEET[$name]} != host ]] || picked+=("$name") ;;
            *) return 1 ;;
        esac
    done
    echo "${picked[*]}"
}

# knob_run_option NAME: the `bin/osslbench run` option a compare knob becomes;
# non-zero for a knob that is `osslbench bench`'s own (or no compare knob).
knob_run_option() {
    [[ ${KNOB_COMPARE[$1]-} == --* ]] || return 1
    echo "${KNOB_COMPARE[$1]}"
}

# knob_problem NAME VALUE: nothing when VALUE fits NAME's grammar (or is
# empty: the default), else the message, and non-zero.
knob_problem() {
    local name=$1 v=$2 kind re w
    [[ -n $v ]] || return 0
    kind=$(knob_kind "$name") || { printf '%s: not a knob\n' "$name"; return 1; }
    re=${KIND_VALUES[$kind]-'^$'}
    if [[ $v =~ $re ]]; then
        [[ ${KIND_JUDGE[$kind]-} != - && -n ${KNOB_RUNNER-} ]] || return 0
        knob_ask_runner "$name" "${KIND_JUDGE[$kind]}" "$v"
        return
    fi
    w=${v//[^[:print:]]/?}
    printf "%s: '%s' is not %s\n" "$name" "${w:0:200}" "${KIND_WHAT[$kind]-}"
    return 1
}

# knob_ask_runner NAME JUDGE VALUE: nothing when the runner's parser takes
# VALUE (KNOB_RUNNER check-value JUDGE VALUE, each one argument), else its
# one line, and non-zero.
knob_ask_runner() {
    local out rc=0
    if [[ ! -x $KNOB_RUNNER ]]; then
        printf '%s: cannot check it: %s is not built (make first)\n' "$1" "$KNOB_RUNNER"
        return 1
    fi
    out=$("$KNOB_RUNNER" check-value "$2" "$3" 2>&1 >/dev/null) || rc=$?
    ((rc != 0)) || return 0
    out=${out%%$'\n'*}
    out=${out#osslbench check-value: }
    out=${out//[^[:print:]]/?}
    if ((rc == 1)); then
        printf '%s: %s\n' "$1" "${out:0:300}"
    else
        printf '%s: cannot check it (%s check-value %s: exit %d): %s\n' "$1" "$KNOB_RUNNER" "$2" "$rc" "${out:0:200}"
    fi
    return 1
}

# knob_check NAME VALUE: the caller's die() with the message of a bad value.
knob_check() {
    local p
    p=$(knob_problem "$1" "$2") || die "$p"
}

# The check make runs before any work: the knobs set in the environment
# (tools/knobs.mk exports each raw, as the user typed it).
knob_check_goals() {
    local goal name v p who
    for goal in "$@"; do
        who=$goal
        case $goal in regress) who=bisect ;; cross-*) who=cross ;; esac
        for name in $(knob_goal "$goal"); do
            [[ -n ${!name+x} ]] || continue
            v=${!name}
            p=$(knob_problem "$name" "$v") && continue
            printf '%s: error: %s (nothing was built or run)\n' "$who" "$p" >&2
            return 2
        done
    done
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -euo pipefail
    case ${1:-} in
        names) printf '%s\n' "${KNOB_NAMES[@]}" | sort | paste -sd' ' - ;;
        goals) echo "$KNOB_GOALS" ;;
        goal) knob_goal "${2:-}" || { echo "knobs: error: '${2:-}' is not a goal that takes knobs" >&2; exit 2; } ;;
        list) knob_list "${2:-}" || { echo "knobs: error: list compare, fleet or forward" >&2; exit 2; } ;;
        kind) knob_kind "${2:-}" || { echo "knobs: error: '${2:-}' is not a knob" >&2; exit 2; } ;;
        run-option) knob_run_option "${2:-}" || exit 1 ;;
        check) shift; knob_check_goals "$@" ;;
        judge) [[ -n ${KIND_JUDGE[${2:-}]+x} ]] || { echo "knobs: error: '${2:-}' is not a kind" >&2; exit 2; }
            echo "${KIND_JUDGE[$2]}" ;;
        runner-kinds) for k in "${!KIND_JUDGE[@]}"; do [[ ${KIND_JUDGE[$k]} == - ]] || echo "$k"; done | sort | paste -sd' ' - ;;
        *) echo "usage: tools/knobs.sh names | goals | goal GOAL | list compare|fleet|forward | kind NAME | run-option NAME | check GOAL... | runner-kinds | judge KIND" >&2
           exit 2 ;;
    esac
fi
