#!/usr/bin/env bash
# Issue 36: the SSH storefront against an SSH implementation that is not ours (asyncssh, pinned,
# venv under .build): two `kiosk serve --ssh-port 0` on one throwaway PostgreSQL store, then
# .ci/ssh_edges.py (identity across reconnects and servers, commands, no-pty, pty + window-change,
# forwarding and sftp refused, RSA-only clients and passwords told which key to make (no account),
# forged signatures refused, attempt limit).
# Needs .build/debug/kiosk; about half a minute.
set -euo pipefail
cd "$(dirname "$0")/.."

kiosk=${1:-.build/debug/kiosk}

[ -x "$kiosk" ] || { echo "ssh: $kiosk is not built" >&2; exit 1; }
source .ci/lib.sh
peer_venv ssh

work=$(mktemp -d)
url=""
servers=()
cleanup() {
    for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
    [ -n "$url" ] && bash .ci/postgres.sh stop "$url"
    rm -rf "$work"
}
trap cleanup EXIT
url=$(bash .ci/postgres.sh start)

# Starts a server on the store with the data directory $1 and more options; sets $port to its SSH
# port. Not called in $(...): a subshell's `servers` would be lost, and the servers left running.
serve() {
    local name=$1; shift
    "$kiosk" serve --database "$url" --data-dir "$work/$name" --host 127.0.0.1 --port 0 --ssh-port 0 "$@" \
        >"$work/$name.out" 2>"$work/$name.log" &
    servers+=($!)
    wait_for_line "$work/$name.out" '^SSH on ' "${servers[-1]}" "ssh: kiosk serve ($name)" \
        || { cat "$work/$name.log" >&2; exit 1; }
    port=$(sed -n 's|^SSH on ssh://[^:]*:\([0-9]*\) .*|\1|p' "$work/$name.out")
}
serve a --ssh-auth-attempts-per-minute 1000; port_a=$port
serve b --ssh-auth-attempts-per-minute 10; port_b=$port
[ -n "$port_a" ] && [ -n "$port_b" ] || { echo "ssh: a server never listened for SSH" >&2; cat "$work"/*.out >&2; exit 1; }

"$venv/bin/python" .ci/ssh_edges.py 127.0.0.1 "$port_a" "$port_b" || { cat "$work/a.log" >&2; exit 1; }
