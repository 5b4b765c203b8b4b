#!/usr/bin/env bash
# Start-up time of the terminal UI beside Debian's ncurses `dialog`, all inside tmux:
# - `kiosk run --exit-after-first-frame` (opens the store, paints the settled paywall once, restores
#   the terminal) on a seeded data directory, against `dialog --infobox` (paints one box and exits).
#   Budget: within 2x of dialog.
# - the same first frame with `--server`, against a `kiosk serve` on loopback serving a copy of that
#   data directory, signed in as the same customer. Budget: within 1.5x of the embedded first frame.
# Each round runs the three once, interleaved; prints the medians and the ratios.
#
#   swift build -c release --static-swift-stdlib && Benchmarks/startup.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-21}
kiosk=${KIOSK:-$PWD/.build/release/kiosk}
command -v dialog >/dev/null || { echo "needs dialog (apt-get install dialog)" >&2; exit 69; }
work=$(mktemp -d)
serve_pid=""
trap 'tmux -L "kiosk-startup-$$" kill-server 2>/dev/null || true; [ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null; rm -rf "$work"' EXIT
"$kiosk" seed --accounts 200 --months 24 --data-dir "$work/data" >/dev/null 2>&1
USER=bench "$kiosk" run --dump --data-dir "$work/data" >/dev/null   # first run: the signed-in account

# The served copy: the same store and the same signed-in customer, behind `kiosk serve`.
account=$("$kiosk" status --data-dir "$work/data" | sed -n 's/.*(\(acct_[0-9]*\), [A-Z]*)$/\1/p' | head -1)
cp -a "$work/data" "$work/served"
token=$("$kiosk" accounts key "$account" --rotate --json --data-dir "$work/served" | sed -n 's/.*"api_key" *: *"\([^"]*\)".*/\1/p')
"$kiosk" serve --data-dir "$work/served" --port 0 > "$work/serve.out" 2>&1 &
serve_pid=$!
for _ in $(seq 100); do grep -q "^Serving on " "$work/serve.out" && break; sleep 0.1; done
server=$(sed -n 's/^Serving on //p' "$work/serve.out")
[ -n "$server" ] && [ -n "$token" ] || { echo "kiosk serve did not start: $(cat "$work/serve.out")" >&2; exit 69; }

cat > "$work/pane.sh" <<PANE
for i in \$(seq $runs); do
  s=\$(date +%s%N); "$kiosk" run --exit-after-first-frame --data-dir "$work/data" || echo "exit \$?" >> "$work/failed"; e=\$(date +%s%N)
  echo \$(( (e - s) / 1000 )) >> "$work/kiosk.us"
  s=\$(date +%s%N); KIOSK_TOKEN="$token" "$kiosk" run --exit-after-first-frame --server "$server" --data-dir "$work/data" || echo "exit \$?" >> "$work/failed"; e=\$(date +%s%N)
  echo \$(( (e - s) / 1000 )) >> "$work/remote.us"
  s=\$(date +%s%N); dialog --infobox "Kiosk start-up baseline" 5 40; e=\$(date +%s%N)
  echo \$(( (e - s) / 1000 )) >> "$work/dialog.us"
done
tmux wait-for -S done
PANE
tmux -L "kiosk-startup-$$" -f /dev/null new-session -d -x 120 -y 40 "env LANG=C.UTF-8 TERM=tmux-256color bash $work/pane.sh"
tmux -L "kiosk-startup-$$" wait-for done

median() { sort -n "$1" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
k=$(median "$work/kiosk.us"); r=$(median "$work/remote.us"); d=$(median "$work/dialog.us")
[ ! -s "$work/failed" ] || { echo "kiosk run failed: $(sort "$work/failed" | uniq -c)" >&2; exit 1; }
echo "kiosk run --exit-after-first-frame:          median ${k} us over $runs runs"
echo "kiosk run --server ... --exit-after-first-frame: median ${r} us over $runs runs"
echo "dialog --infobox:                            median ${d} us over $runs runs"
awk -v k="$k" -v d="$d" 'BEGIN {printf "ratio kiosk/dialog: %.2fx (budget: within 2x)\n", k / d}'
awk -v k="$k" -v r="$r" 'BEGIN {printf "ratio remote/embedded: %.2fx (budget: within 1.5x)\n", r / k}'
