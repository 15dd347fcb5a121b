#!/usr/bin/env bash
# tools/knobs.sh — the one grammar of every user knob of the make targets
# (WORKLOADS=, GOOD=, HOSTS=, ...): which knobs each target takes and what a
# value of each may look like.  A knob is a value, never code: a value that
# does not fit its grammar ($(...), backquotes, ';' where no such character
# belongs) is refused with one line before anything is built or run.
#
#   tools/knobs.sh names          every knob name (tools/knobs.mk reads them raw)
#   tools/knobs.sh goals          the make targets that take knobs
#   tools/knobs.sh check GOAL...  make's check before any work: each knob of
#                                 these goals that is set in the environment;
#                                 exit 2 with one "GOAL: error: NAME: ..." line
#   source tools/knobs.sh         knob_check NAME VALUE: the caller's die() on
#                                 a bad value (plots/compare.sh, fleet/, bisect/)
# Only the shape is checked here; the scripts still check meaning (a workload
# the runner knows, a ref git resolves, a file that exists).
# shellcheck shell=bash

# A label becomes a file name and a chart title: plots/compare.sh's alphabet.
KNOB_LABEL='[A-Za-z0-9][A-Za-z0-9._+-]{0,62}'
# Paths and free words keep every character but those a shell or make would
# read as code, and control characters (a knob is one line).
KNOB_PATH_RE="^[^[:cntrl:]\$\`;|&<>\"'\\\\]*\$"

# knob_kind NAME: the grammar (kind) of a knob; non-zero for an unknown name.
knob_kind() {
    case $1 in
        WORKLOADS) echo workloads ;;
        WORKLOAD) echo workload ;;
        SIZES) echo sizes ;;
        SIZE) echo size ;;
        API) echo apis ;;
        TIME | THRESHOLD | PRECISION) echo number ;;
        CLOCK) echo clock ;;
        THREADS | PROCS) echo counts ;;
        QUICK | NO_BUILD | APPS | FORCE) echo flag ;;
        RELEASES) echo labels ;;
        BASELINE) echo label ;;
        REFERENCE) echo host ;;
        HOSTS) echo logins ;;
        RETRIES) echo retries ;;
        FLEET_DIR) echo reldir ;;
        SSH) echo command ;;
        GOOD | BAD) echo ref ;;
        FORMAT) echo format ;;
        RUN_ARGS | OSSLBENCH_CONFIG_OPTS | OSSLBENCH_SOURCES) echo words ;;
        OSSLBENCH_JOBS | FUZZ_SECONDS) echo count ;;
        ARCH) echo arch ;;
        LIBS | SYSTEM_LIB | RESULTS_ROOT | RESULTS | HOSTS_FILE | BASE | NEW | OPENSSL_GIT | \
            BISECT_OUT | BISECT_BUILDS_DIR | REGRESS_OUT | OSSLBENCH_BUILDS_DIR | \
            OSSLBENCH_TARBALLS | OSSLBENCH_APT_DIR) echo path ;;
        *) return 1 ;;
    esac
}

# knob_goal GOAL: the knobs a make target takes.
knob_goal() {
    local compare="RELEASES LIBS BASELINE WORKLOADS SIZES API TIME PRECISION CLOCK THREADS PROCS
                   QUICK NO_BUILD SYSTEM_LIB RESULTS_ROOT OSSLBENCH_BUILDS_DIR"
    case $1 in
        compare) echo "$compare" ;;
        fleet) echo "HOSTS HOSTS_FILE SSH FLEET_DIR RETRIES REFERENCE $compare" ;;
        plots) echo "RESULTS BASELINE" ;;
        report) echo "RESULTS REFERENCE" ;;
        regress) echo "BASE NEW WORKLOADS SIZES API TIME THRESHOLD FORMAT RUN_ARGS REGRESS_OUT" ;;
        bisect) echo "OPENSSL_GIT GOOD BAD WORKLOAD SIZE API TIME THRESHOLD BISECT_OUT BISECT_BUILDS_DIR" ;;
        builds) echo "RELEASES APPS FORCE OPENSSL_GIT OSSLBENCH_BUILDS_DIR OSSLBENCH_TARBALLS
                      OSSLBENCH_SOURCES OSSLBENCH_APT_DIR OSSLBENCH_JOBS OSSLBENCH_CONFIG_OPTS" ;;
        fuzz) echo FUZZ_SECONDS ;;
        cross-build | cross-test) echo ARCH ;;
        *) return 1 ;;
    esac
}
KNOB_GOALS="compare fleet plots report regress bisect builds fuzz cross-build cross-test"

# knob_problem NAME VALUE: nothing when VALUE fits NAME's grammar (or is
# empty: the default), else the message, and non-zero.
knob_problem() {
    local name=$1 v=$2 kind re what w
    [[ -n $v ]] || return 0
    kind=$(knob_kind "$name") || { printf '%s: not a knob\n' "$name"; return 1; }
    case $kind in
        workloads) re='^[a-z0-9-]+(,[a-z0-9-]+)*$' what="a comma-separated workload list" ;;
        workload) re='^[a-z0-9-]+$' what="a workload name" ;;
        sizes) re='^[0-9]+[kKmM]?(,[0-9]+[kKmM]?)*$' what="a comma-separated list of sizes" ;;
        size) re='^[0-9]+[kM]?$' what="a size in bytes (16, 1024, 8k)" ;;
        apis) re='^[a-z-]+(,[a-z-]+)*$' what="a comma-separated API list (legacy,evp,fetch)" ;;
        number) re='^[0-9]+(\.[0-9]+)?$|^\.[0-9]+$' what="a number" ;;
        count) re='^[0-9]+$' what="a whole number" ;;
        counts) re='^[0-9]+(,[0-9]+)*$' what="a comma-separated list of counts" ;;
        clock) re='^(wall|cpu)$' what="wall or cpu" ;;
        flag) re='^[01]$' what="0 or 1" ;;
        label) re="^$KNOB_LABEL\$" what="a release label" ;;
        labels) re="^[ ,]*$KNOB_LABEL([ ,]+$KNOB_LABEL)*[ ,]*\$" what="a list of release labels" ;;
        host) re='^[A-Za-z0-9][A-Za-z0-9._-]*$' what="a host label" ;;
        logins) re='^ *[A-Za-z0-9_][A-Za-z0-9_.@:%-]*( +[A-Za-z0-9_][A-Za-z0-9_.@:%-]*)* *$'
            what="a list of ssh logins (user@host or an alias)" ;;
        retries) re='^[1-9]$' what="a number of attempts (1-9)" ;;
        reldir) re='^[A-Za-z0-9._/-]+$' what="a plain folder path"
            [[ $v != *..* ]] || re='^$' ;;
        command) re='^[A-Za-z0-9._/=+:@%,~ -]+$' what="a command with plain options (no shell characters)" ;;
        ref) re='^[A-Za-z0-9._/@^~{}:+-]+$' what="a commit, tag or branch name" ;;
        format) re='^(term|csv|md)$' what="term, csv or md" ;;
        words) re='^[A-Za-z0-9._,=:/+@% -]*$' what="a list of plain words (no shell characters)" ;;
        arch) re='^[a-z0-9_]+$' what="an architecture name (aarch64)" ;;
        path) re=$KNOB_PATH_RE what="a path (no \$, \`, ;, |, &, <, >, quotes, backslashes or control characters)" ;;
    esac
    if [[ $v =~ $re ]]; then return 0; fi
    w=${v//[^[:print:]]/?}
    printf "%s: '%s' is not %s\n" "$name" "${w:0:200}" "$what"
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
        names)
            for g in $KNOB_GOALS; do knob_goal "$g"; done | tr -s ' ' '\n' | sed '/^$/d' | sort -u | paste -sd' ' -
            ;;
        goals) echo "$KNOB_GOALS" ;;
        check) shift; knob_check_goals "$@" ;;
        *) echo "usage: tools/knobs.sh names | check GOAL..." >&2; exit 2 ;;
    esac
fi
