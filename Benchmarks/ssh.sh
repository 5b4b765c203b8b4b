#!/usr/bin/env bash
# Issue 36's SSH budgets (see Benchmarks/ssh_bench.py): the first frame over SSH beside connect +
# authenticate + close, SESSIONS concurrent pty sessions pressing a key a second (key to frame
# p99), and the server's memory per session. Clients are asyncssh + pyte (pinned, venv under
# .build) on the same machine, so on 2 cores they share the CPU with the server.
#
#   swift build -c release --static-swift-stdlib && Benchmarks/ssh.sh [ROUNDS] [SESSIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-21}
sessions=${2:-500}
kiosk=${KIOSK:-$PWD/.build/release/kiosk}

[ -x "$kiosk" ] || { echo "ssh bench: $kiosk is not built" >&2; exit 1; }
source .ci/lib.sh
peer_venv ssh-bench
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill -TERM "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
"$kiosk" serve --data-dir "$work/data" --host 127.0.0.1 --port 0 --ssh-port 0 \
    --ssh-max-sessions $((sessions + 10)) --ssh-sessions-per-address $((sessions + 10)) \
    --ssh-auth-attempts-per-minute 100000 >"$work/out" 2>"$work/log" &
server=$!
wait_for_line "$work/out" '^SSH on ' "$server" "ssh bench: kiosk serve" || { cat "$work/log" >&2; exit 1; }
port=$(sed -n 's|^SSH on ssh://[^:]*:\([0-9]*\) .*|\1|p' "$work/out")
"$venv/bin/python" Benchmarks/ssh_bench.py 127.0.0.1 "$port" "$server" "$rounds" "$sessions"
