# tools/knobs.gen.sh — written by `bin/osslbench knobs --shell` from tools/knobs.tsv and
# tools/knob-kinds.tsv: edit those, then `make knob-views`.
# shellcheck shell=bash disable=SC2034 # tools/knobs.sh reads them
declare -gA KIND_VALUES=() KIND_JUDGE=() KIND_WHAT=()
KIND_VALUES[workloads]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[workloads]='run --workloads' KIND_WHAT[workloads]='a comma-separated workload list'
KIND_VALUES[workload]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[workload]='run --workloads one' KIND_WHAT[workload]='a workload name'
KIND_VALUES[sizes]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[sizes]='run --sizes' KIND_WHAT[sizes]='a comma-separated list of sizes'
KIND_VALUES[size]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[size]='run --sizes one' KIND_WHAT[size]='a size in bytes (16, 1024, 8k)'
KIND_VALUES[apis]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[apis]='run --api' KIND_WHAT[apis]='a comma-separated API list (legacy,evp,fetch)'
KIND_VALUES[time]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[time]='run --time' KIND_WHAT[time]='a number of seconds'
KIND_VALUES[precision]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[precision]='run --precision' KIND_WHAT[precision]='a precision (0.01 or 1%)'
KIND_VALUES[duration]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[duration]='run --budget' KIND_WHAT[duration]='a duration (seconds, or 90s, 6m, 1.5h)'
KIND_VALUES[threads]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[threads]='run --threads' KIND_WHAT[threads]='a comma-separated list of counts'
KIND_VALUES[procs]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[procs]='run --procs' KIND_WHAT[procs]='a comma-separated list of counts'
KIND_VALUES[clock]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[clock]='run --clock' KIND_WHAT[clock]='wall or cpu'
KIND_VALUES[metric]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[metric]='run --metric' KIND_WHAT[metric]='time or instructions'
KIND_VALUES[providers]='^[A-Za-z0-9._,:%+/ -]*$' KIND_JUDGE[providers]='run --provider split' KIND_WHAT[providers]='a list of names, comma- or space-separated'
KIND_VALUES[threshold]='^[A-Za-z0-9._,:%+ -]*$' KIND_JUDGE[threshold]='regress --threshold' KIND_WHAT[threshold]='a percentage'
KIND_VALUES[label]='^[A-Za-z0-9._+, -]*$' KIND_JUDGE[label]='label' KIND_WHAT[label]='a release label'
KIND_VALUES[labels]='^[A-Za-z0-9._+, -]*$' KIND_JUDGE[labels]='label split' KIND_WHAT[labels]='a list of release labels'
KIND_VALUES[count]='^[0-9]+$' KIND_JUDGE[count]='-' KIND_WHAT[count]='a whole number'
KIND_VALUES[names]='^[ ,]*[A-Za-z0-9._/+-]+([ ,]+[A-Za-z0-9._/+-]+)*[ ,]*$' KIND_JUDGE[names]='-' KIND_WHAT[names]='a list of names, comma- or space-separated'
KIND_VALUES[flag]='^[01]$' KIND_JUDGE[flag]='-' KIND_WHAT[flag]='0 or 1'
KIND_VALUES[host]='^[A-Za-z0-9][A-Za-z0-9._-]*$' KIND_JUDGE[host]='-' KIND_WHAT[host]='a host label'
KIND_VALUES[logins]='^ *[A-Za-z0-9_][A-Za-z0-9_.@:%-]*( +[A-Za-z0-9_][A-Za-z0-9_.@:%-]*)* *$' KIND_JUDGE[logins]='-' KIND_WHAT[logins]='a list of ssh logins (user@host or an alias)'
KIND_VALUES[retries]='^[1-9]$' KIND_JUDGE[retries]='-' KIND_WHAT[retries]='a number of attempts (1-9)'
KIND_VALUES[reldir]='^\.?([A-Za-z0-9_/-]+\.?)*$' KIND_JUDGE[reldir]='-' KIND_WHAT[reldir]='a plain folder path'
KIND_VALUES[command]='^[A-Za-z0-9._/=+:@%,~ -]+$' KIND_JUDGE[command]='-' KIND_WHAT[command]='a command with plain options (no shell characters)'
KIND_VALUES[ref]='^[A-Za-z0-9._/@^~{}:+-]+$' KIND_JUDGE[ref]='-' KIND_WHAT[ref]='a commit, tag or branch name'
KIND_VALUES[format]='^(term|csv|md)$' KIND_JUDGE[format]='-' KIND_WHAT[format]='term, csv or md'
KIND_VALUES[words]='^[A-Za-z0-9._,=:/+@% -]*$' KIND_JUDGE[words]='-' KIND_WHAT[words]='a list of plain words (no shell characters)'
KIND_VALUES[arch]='^[a-z0-9_]+$' KIND_JUDGE[arch]='-' KIND_WHAT[arch]='an architecture name (aarch64)'
KIND_VALUES[path]='^[^[:cntrl:]$`;|&<>"'\''\\]*$' KIND_JUDGE[path]='-' KIND_WHAT[path]='a path (no $, `, ;, |, &, <, >, quotes, backslashes or control characters)'
KNOB_NAMES=(RELEASES LIBS BASELINE WORKLOADS SIZES API TIME PRECISION BUDGET QUICK CLOCK METRIC EXPLAIN THREADS PROCS PROVIDERS NO_BUILD SYSTEM_LIB RESULTS_ROOT OSSLBENCH_BUILDS_DIR HOSTS HOSTS_FILE SSH FLEET_DIR RETRIES REFERENCE DRY_RUN RESULTS BASE NEW THRESHOLD FORMAT RUN_ARGS REGRESS_OUT OPENSSL_GIT GOOD BAD WORKLOAD SIZE BISECT_OUT BISECT_BUILDS_DIR APPS FORCE OSSLBENCH_TARBALLS OSSLBENCH_SOURCES OSSLBENCH_APT_DIR OSSLBENCH_JOBS OSSLBENCH_CONFIG_OPTS FORKS LIBRESSL_GIT AWSLC_GIT BORINGSSL_GIT LIBRESSL_REF AWSLC_REF BORINGSSL_REF FUZZ_SECONDS ARCH DB OUT BRANCH SINCE EVERY REFERENCE_LIB TRACK_OUT)
KNOB_GOALS='compare explain fleet builds plots regress bisect track builds-forks report fuzz cross-build cross-test dashboard'
declare -gA KNOB_KIND=() KNOB_GOALS_OF=() KNOB_COMPARE=() KNOB_FLEET=()
KNOB_KIND[RELEASES]=labels KNOB_GOALS_OF[RELEASES]=,compare,explain,fleet,builds, KNOB_COMPARE[RELEASES]=self KNOB_FLEET[RELEASES]=host
KNOB_KIND[LIBS]=path KNOB_GOALS_OF[LIBS]=,compare,explain,fleet, KNOB_COMPARE[LIBS]=self KNOB_FLEET[LIBS]=host
KNOB_KIND[BASELINE]=label KNOB_GOALS_OF[BASELINE]=,compare,explain,fleet,plots, KNOB_COMPARE[BASELINE]=self KNOB_FLEET[BASELINE]=host
KNOB_KIND[WORKLOADS]=workloads KNOB_GOALS_OF[WORKLOADS]=,compare,explain,fleet,regress, KNOB_COMPARE[WORKLOADS]=--workloads KNOB_FLEET[WORKLOADS]=host
KNOB_KIND[SIZES]=sizes KNOB_GOALS_OF[SIZES]=,compare,explain,fleet,regress, KNOB_COMPARE[SIZES]=--sizes KNOB_FLEET[SIZES]=host
KNOB_KIND[API]=apis KNOB_GOALS_OF[API]=,compare,explain,fleet,regress,bisect,track, KNOB_COMPARE[API]=--api KNOB_FLEET[API]=host
KNOB_KIND[TIME]=time KNOB_GOALS_OF[TIME]=,compare,fleet,regress,bisect,track, KNOB_COMPARE[TIME]=--time KNOB_FLEET[TIME]=host
KNOB_KIND[PRECISION]=precision KNOB_GOALS_OF[PRECISION]=,compare,fleet, KNOB_COMPARE[PRECISION]=--precision KNOB_FLEET[PRECISION]=host
KNOB_KIND[BUDGET]=duration KNOB_GOALS_OF[BUDGET]=,compare,fleet, KNOB_COMPARE[BUDGET]=--budget KNOB_FLEET[BUDGET]=host
KNOB_KIND[QUICK]=flag KNOB_GOALS_OF[QUICK]=,compare,explain,fleet, KNOB_COMPARE[QUICK]=--quick KNOB_FLEET[QUICK]=host
KNOB_KIND[CLOCK]=clock KNOB_GOALS_OF[CLOCK]=,compare,fleet, KNOB_COMPARE[CLOCK]=--clock KNOB_FLEET[CLOCK]=host
KNOB_KIND[METRIC]=metric KNOB_GOALS_OF[METRIC]=,compare,fleet,regress,bisect,track, KNOB_COMPARE[METRIC]=--metric KNOB_FLEET[METRIC]=host
KNOB_KIND[EXPLAIN]=count KNOB_GOALS_OF[EXPLAIN]=,compare, KNOB_COMPARE[EXPLAIN]=self KNOB_FLEET[EXPLAIN]=host
KNOB_KIND[THREADS]=threads KNOB_GOALS_OF[THREADS]=,compare,fleet, KNOB_COMPARE[THREADS]=--threads KNOB_FLEET[THREADS]=host
KNOB_KIND[PROCS]=procs KNOB_GOALS_OF[PROCS]=,compare,fleet, KNOB_COMPARE[PROCS]=--procs KNOB_FLEET[PROCS]=host
KNOB_KIND[PROVIDERS]=providers KNOB_GOALS_OF[PROVIDERS]=,compare,explain,fleet, KNOB_COMPARE[PROVIDERS]=--provider KNOB_FLEET[PROVIDERS]=host
KNOB_KIND[NO_BUILD]=flag KNOB_GOALS_OF[NO_BUILD]=,compare,explain,fleet, KNOB_COMPARE[NO_BUILD]=self KNOB_FLEET[NO_BUILD]=host
KNOB_KIND[SYSTEM_LIB]=path KNOB_GOALS_OF[SYSTEM_LIB]=,compare,explain,fleet, KNOB_COMPARE[SYSTEM_LIB]=self KNOB_FLEET[SYSTEM_LIB]=host
KNOB_KIND[RESULTS_ROOT]=path KNOB_GOALS_OF[RESULTS_ROOT]=,compare,explain,fleet, KNOB_COMPARE[RESULTS_ROOT]=self KNOB_FLEET[RESULTS_ROOT]=own
KNOB_KIND[OSSLBENCH_BUILDS_DIR]=path KNOB_GOALS_OF[OSSLBENCH_BUILDS_DIR]=,compare,explain,fleet,builds,builds-forks, KNOB_COMPARE[OSSLBENCH_BUILDS_DIR]=- KNOB_FLEET[OSSLBENCH_BUILDS_DIR]=-
KNOB_KIND[HOSTS]=logins KNOB_GOALS_OF[HOSTS]=,fleet, KNOB_COMPARE[HOSTS]=- KNOB_FLEET[HOSTS]=own
KNOB_KIND[HOSTS_FILE]=path KNOB_GOALS_OF[HOSTS_FILE]=,fleet, KNOB_COMPARE[HOSTS_FILE]=- KNOB_FLEET[HOSTS_FILE]=own
KNOB_KIND[SSH]=command KNOB_GOALS_OF[SSH]=,fleet, KNOB_COMPARE[SSH]=- KNOB_FLEET[SSH]=own
KNOB_KIND[FLEET_DIR]=reldir KNOB_GOALS_OF[FLEET_DIR]=,fleet, KNOB_COMPARE[FLEET_DIR]=- KNOB_FLEET[FLEET_DIR]=own
KNOB_KIND[RETRIES]=retries KNOB_GOALS_OF[RETRIES]=,fleet, KNOB_COMPARE[RETRIES]=- KNOB_FLEET[RETRIES]=own
KNOB_KIND[REFERENCE]=host KNOB_GOALS_OF[REFERENCE]=,fleet,report, KNOB_COMPARE[REFERENCE]=- KNOB_FLEET[REFERENCE]=own
KNOB_KIND[DRY_RUN]=flag KNOB_GOALS_OF[DRY_RUN]=,fleet, KNOB_COMPARE[DRY_RUN]=- KNOB_FLEET[DRY_RUN]=own
KNOB_KIND[RESULTS]=path KNOB_GOALS_OF[RESULTS]=,plots,report, KNOB_COMPARE[RESULTS]=- KNOB_FLEET[RESULTS]=-
KNOB_KIND[BASE]=path KNOB_GOALS_OF[BASE]=,regress, KNOB_COMPARE[BASE]=- KNOB_FLEET[BASE]=-
KNOB_KIND[NEW]=path KNOB_GOALS_OF[NEW]=,regress, KNOB_COMPARE[NEW]=- KNOB_FLEET[NEW]=-
KNOB_KIND[THRESHOLD]=threshold KNOB_GOALS_OF[THRESHOLD]=,regress,bisect,track, KNOB_COMPARE[THRESHOLD]=- KNOB_FLEET[THRESHOLD]=-
KNOB_KIND[FORMAT]=format KNOB_GOALS_OF[FORMAT]=,regress, KNOB_COMPARE[FORMAT]=- KNOB_FLEET[FORMAT]=-
KNOB_KIND[RUN_ARGS]=words KNOB_GOALS_OF[RUN_ARGS]=,regress, KNOB_COMPARE[RUN_ARGS]=- KNOB_FLEET[RUN_ARGS]=-
KNOB_KIND[REGRESS_OUT]=path KNOB_GOALS_OF[REGRESS_OUT]=,regress, KNOB_COMPARE[REGRESS_OUT]=- KNOB_FLEET[REGRESS_OUT]=-
KNOB_KIND[OPENSSL_GIT]=path KNOB_GOALS_OF[OPENSSL_GIT]=,bisect,builds,track, KNOB_COMPARE[OPENSSL_GIT]=- KNOB_FLEET[OPENSSL_GIT]=-
KNOB_KIND[GOOD]=ref KNOB_GOALS_OF[GOOD]=,bisect, KNOB_COMPARE[GOOD]=- KNOB_FLEET[GOOD]=-
KNOB_KIND[BAD]=ref KNOB_GOALS_OF[BAD]=,bisect, KNOB_COMPARE[BAD]=- KNOB_FLEET[BAD]=-
KNOB_KIND[WORKLOAD]=workload KNOB_GOALS_OF[WORKLOAD]=,bisect,track, KNOB_COMPARE[WORKLOAD]=- KNOB_FLEET[WORKLOAD]=-
KNOB_KIND[SIZE]=size KNOB_GOALS_OF[SIZE]=,bisect,track, KNOB_COMPARE[SIZE]=- KNOB_FLEET[SIZE]=-
KNOB_KIND[BISECT_OUT]=path KNOB_GOALS_OF[BISECT_OUT]=,bisect, KNOB_COMPARE[BISECT_OUT]=- KNOB_FLEET[BISECT_OUT]=-
KNOB_KIND[BISECT_BUILDS_DIR]=path KNOB_GOALS_OF[BISECT_BUILDS_DIR]=,bisect,track, KNOB_COMPARE[BISECT_BUILDS_DIR]=- KNOB_FLEET[BISECT_BUILDS_DIR]=-
KNOB_KIND[APPS]=flag KNOB_GOALS_OF[APPS]=,builds, KNOB_COMPARE[APPS]=- KNOB_FLEET[APPS]=-
KNOB_KIND[FORCE]=flag KNOB_GOALS_OF[FORCE]=,builds,builds-forks, KNOB_COMPARE[FORCE]=- KNOB_FLEET[FORCE]=-
KNOB_KIND[OSSLBENCH_TARBALLS]=path KNOB_GOALS_OF[OSSLBENCH_TARBALLS]=,builds,builds-forks, KNOB_COMPARE[OSSLBENCH_TARBALLS]=- KNOB_FLEET[OSSLBENCH_TARBALLS]=-
KNOB_KIND[OSSLBENCH_SOURCES]=words KNOB_GOALS_OF[OSSLBENCH_SOURCES]=,builds, KNOB_COMPARE[OSSLBENCH_SOURCES]=- KNOB_FLEET[OSSLBENCH_SOURCES]=-
KNOB_KIND[OSSLBENCH_APT_DIR]=path KNOB_GOALS_OF[OSSLBENCH_APT_DIR]=,builds, KNOB_COMPARE[OSSLBENCH_APT_DIR]=- KNOB_FLEET[OSSLBENCH_APT_DIR]=-
KNOB_KIND[OSSLBENCH_JOBS]=count KNOB_GOALS_OF[OSSLBENCH_JOBS]=,builds,builds-forks, KNOB_COMPARE[OSSLBENCH_JOBS]=- KNOB_FLEET[OSSLBENCH_JOBS]=-
KNOB_KIND[OSSLBENCH_CONFIG_OPTS]=words KNOB_GOALS_OF[OSSLBENCH_CONFIG_OPTS]=,builds, KNOB_COMPARE[OSSLBENCH_CONFIG_OPTS]=- KNOB_FLEET[OSSLBENCH_CONFIG_OPTS]=-
KNOB_KIND[FORKS]=names KNOB_GOALS_OF[FORKS]=,builds-forks, KNOB_COMPARE[FORKS]=- KNOB_FLEET[FORKS]=-
KNOB_KIND[LIBRESSL_GIT]=path KNOB_GOALS_OF[LIBRESSL_GIT]=,builds-forks, KNOB_COMPARE[LIBRESSL_GIT]=- KNOB_FLEET[LIBRESSL_GIT]=-
KNOB_KIND[AWSLC_GIT]=path KNOB_GOALS_OF[AWSLC_GIT]=,builds-forks, KNOB_COMPARE[AWSLC_GIT]=- KNOB_FLEET[AWSLC_GIT]=-
KNOB_KIND[BORINGSSL_GIT]=path KNOB_GOALS_OF[BORINGSSL_GIT]=,builds-forks, KNOB_COMPARE[BORINGSSL_GIT]=- KNOB_FLEET[BORINGSSL_GIT]=-
KNOB_KIND[LIBRESSL_REF]=ref KNOB_GOALS_OF[LIBRESSL_REF]=,builds-forks, KNOB_COMPARE[LIBRESSL_REF]=- KNOB_FLEET[LIBRESSL_REF]=-
KNOB_KIND[AWSLC_REF]=ref KNOB_GOALS_OF[AWSLC_REF]=,builds-forks, KNOB_COMPARE[AWSLC_REF]=- KNOB_FLEET[AWSLC_REF]=-
KNOB_KIND[BORINGSSL_REF]=ref KNOB_GOALS_OF[BORINGSSL_REF]=,builds-forks, KNOB_COMPARE[BORINGSSL_REF]=- KNOB_FLEET[BORINGSSL_REF]=-
KNOB_KIND[FUZZ_SECONDS]=count KNOB_GOALS_OF[FUZZ_SECONDS]=,fuzz, KNOB_COMPARE[FUZZ_SECONDS]=- KNOB_FLEET[FUZZ_SECONDS]=-
KNOB_KIND[ARCH]=arch KNOB_GOALS_OF[ARCH]=,cross-build,cross-test, KNOB_COMPARE[ARCH]=- KNOB_FLEET[ARCH]=-
KNOB_KIND[DB]=path KNOB_GOALS_OF[DB]=,dashboard,track, KNOB_COMPARE[DB]=- KNOB_FLEET[DB]=-
KNOB_KIND[OUT]=path KNOB_GOALS_OF[OUT]=,dashboard, KNOB_COMPARE[OUT]=- KNOB_FLEET[OUT]=-
KNOB_KIND[BRANCH]=ref KNOB_GOALS_OF[BRANCH]=,track, KNOB_COMPARE[BRANCH]=- KNOB_FLEET[BRANCH]=-
KNOB_KIND[SINCE]=ref KNOB_GOALS_OF[SINCE]=,track, KNOB_COMPARE[SINCE]=- KNOB_FLEET[SINCE]=-
KNOB_KIND[EVERY]=count KNOB_GOALS_OF[EVERY]=,track, KNOB_COMPARE[EVERY]=- KNOB_FLEET[EVERY]=-
KNOB_KIND[REFERENCE_LIB]=path KNOB_GOALS_OF[REFERENCE_LIB]=,track, KNOB_COMPARE[REFERENCE_LIB]=- KNOB_FLEET[REFERENCE_LIB]=-
KNOB_KIND[TRACK_OUT]=path KNOB_GOALS_OF[TRACK_OUT]=,track, KNOB_COMPARE[TRACK_OUT]=- KNOB_FLEET[TRACK_OUT]=-
