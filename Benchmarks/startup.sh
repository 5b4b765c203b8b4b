#!/usr/bin/env bash
# Start-up time of the terminal UI beside Debian's ncurses `dialog`, both inside tmux:
# `kiosk run --exit-after-first-frame` (opens the store, paints the settled paywall once, restores
# the terminal) on a seeded data directory, against `dialog --infobox` (paints one box and exits).
# Prints the median wall time of each and their ratio. Budget: kiosk within 2x of dialog.
#
#   swift build -c release --static-swift-stdlib --product kiosk && Benchmarks/startup.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-21}
kiosk=${KIOSK:-$PWD/.build/release/kiosk}
command -v dialog >/dev/null || { echo "needs dialog (apt-get install dialog)" >&2; exit 69; }
work=$(mktemp -d)
trap 'tmux -L "kiosk-startup-$$" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
"$kiosk" seed --accounts 200 --months 24 --data-dir "$work/data" >/dev/null 2>&1
USER=bench "$kiosk" run --dump --data-dir "$work/data" >/dev/null   # first run: the signed-in account

cat > "$work/pane.sh" <<PANE
for i in \$(seq $runs); do
  s=\$(date +%s%N); "$kiosk" run --exit-after-first-frame --data-dir "$work/data"; e=\$(date +%s%N)
  echo \$(( (e - s) / 1000 )) >> "$work/kiosk.us"
  s=\$(date +%s%N); dialog --infobox "Kiosk start-up baseline" 5 40; e=\$(date +%s%N)
  echo \$(( (e - s) / 1000 )) >> "$work/dialog.us"
done
tmux wait-for -S done
PANE
tmux -L "kiosk-startup-$$" -f /dev/null new-session -d -x 120 -y 40 "env LANG=C.UTF-8 TERM=tmux-256color bash $work/pane.sh"
tmux -L "kiosk-startup-$$" wait-for done

median() { sort -n "$1" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
k=$(median "$work/kiosk.us"); d=$(median "$work/dialog.us")
echo "kiosk run --exit-after-first-frame: median ${k} us over $runs runs"
echo "dialog --infobox:                   median ${d} us over $runs runs"
awk -v k="$k" -v d="$d" 'BEGIN {printf "ratio kiosk/dialog: %.2fx (budget: within 2x)\n", k / d}'
