#!/usr/bin/env bash
# tests/fleet/loopback-sshd.sh — a private sshd on 127.0.0.1 that stands in
# for a fleet of machines in the tests (and for a developer without one).
#
#   tests/fleet/loopback-sshd.sh start DIR ALIAS...   sshd up; DIR/ssh_config has one
#                                                     Host entry per ALIAS, all of them
#                                                     this machine
#   tests/fleet/loopback-sshd.sh stop DIR             stops it (the pid in DIR/sshd.pid)
#
# Everything lives in DIR: its own host key, client key, authorized_keys,
# known_hosts, sshd_config (root login with that key only, no password, no
# PAM) and log.  The port is a free one above 20000.  Needs openssh-server
# and openssh-client.  Only sshd's own pid is ever signalled.
set -euo pipefail
die() { printf 'loopback-sshd: %s\n' "$*" >&2; exit 1; }
(($# >= 2)) || die "usage: $0 start DIR ALIAS... | stop DIR"
cmd=$1 dir=$2
shift 2

if [[ $cmd == stop ]]; then
    [[ -f $dir/sshd.pid ]] || exit 0
    pid=$(cat "$dir/sshd.pid")
    if [[ $pid =~ ^[0-9]+$ ]] && kill "$pid" 2>/dev/null; then
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -f "$dir/sshd.pid"
    exit 0
fi
[[ $cmd == start ]] || die "unknown command '$cmd'"
(($#)) || die "give at least one host alias"
SSHD=$(command -v sshd || echo /usr/sbin/sshd)
[[ -x $SSHD ]] || die "sshd is missing (apt-get install openssh-server)"
command -v ssh >/dev/null || die "ssh is missing (apt-get install openssh-client)"
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
chmod 700 "$dir"
ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key" -C loopback-host <<<y >/dev/null
ssh-keygen -q -t ed25519 -N '' -f "$dir/id_ed25519" -C loopback-client <<<y >/dev/null
cp "$dir/id_ed25519.pub" "$dir/authorized_keys"
# sshd insists on its privilege separation folder
[[ -d /run/sshd ]] || mkdir -m 755 /run/sshd

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=$((20000 + RANDOM % 20000))
for _ in $(seq 50); do port_free "$port" && break; port=$((20000 + RANDOM % 20000)); done
cat >"$dir/sshd_config" <<CFG
Port $port
ListenAddress 127.0.0.1
HostKey $dir/host_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
X11Forwarding no
PrintMotd no
MaxStartups 30:30:60
MaxSessions 30
Subsystem sftp internal-sftp
CFG
echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$dir/host_key.pub")" >"$dir/known_hosts"
{
    for a in "$@"; do
        cat <<CFG
Host $a
    HostName 127.0.0.1
    Port $port
    User root
CFG
    done
    cat <<CFG
Host *
    IdentityFile $dir/id_ed25519
    IdentitiesOnly yes
    UserKnownHostsFile $dir/known_hosts
    StrictHostKeyChecking yes
    BatchMode yes
    ConnectTimeout 10
    LogLevel ERROR
CFG
} >"$dir/ssh_config"
"$SSHD" -f "$dir/sshd_config" -E "$dir/sshd.log" || die "sshd did not start: $(tail -n 2 "$dir/sshd.log")"
for _ in $(seq 50); do
    if ssh -F "$dir/ssh_config" "$1" true 2>/dev/null; then
        echo "$dir/ssh_config"
        exit 0
    fi
    sleep 0.2
done
die "sshd on port $port does not answer: $(tail -n 2 "$dir/sshd.log")"
