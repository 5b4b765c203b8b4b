#!/usr/bin/env bash
# Whole-process peak memory of the terminal UI after scrolling through 100,000 invoices (issue 8).
# Seeds, through the real CLI only, a data directory whose signed-in account renews an hourly plan
# for 16 years (seed 9: 100,355 invoices, every one a renewal written by the store engine), then runs
# `kiosk run` under GNU time inside a private tmux server at 120x40 and drives it with keys: tab 3
# (Billing history), End (walks to the oldest invoice), PageUp until the selection has moved up 40
# times, Home, q. GNU time's maxrss (KB, the peak resident set of the whole process) is the figure.
# The same drive on a one-month history (170 invoices) is the baseline. MB below means 1024 KB.
# Budget: the 100,000-invoice run peaks under 64 MB.
#
#   swift build -c release --static-swift-stdlib --product kiosk && Benchmarks/ui-memory.sh
#
# Seeding the large fixture takes about 20 s and the scroll under a minute (End and Home walk the
# history page by page, about 4 s each). KIOSK_UI_MEMORY_DATA=DIR keeps both fixtures in DIR and
# reuses them on the next run. KIOSK_UI_MEMORY_TIMEOUT (seconds, default 900) bounds each wait on the screen.
# Exits 0 with the figures whether or not the budget is met, 1 when the screen never reached a state.
set -euo pipefail
cache=${KIOSK_UI_MEMORY_DATA:+$(realpath -m "$KIOSK_UI_MEMORY_DATA")}
cd "$(dirname "$0")/.."
kiosk=${KIOSK:-$PWD/.build/release/kiosk}
timeout=${KIOSK_UI_MEMORY_TIMEOUT:-900}
budget_kb=$((64 * 1024))
for tool in tmux /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install tmux time)" >&2; exit 69; }
done
work=$(mktemp -d)
server="kiosk-ui-memory-$$"
socket="${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$server"   # tmux leaves it behind when the server ends
trap 'tmux -L "$server" kill-server 2>/dev/null || true; rm -rf "$work" "$socket"' EXIT
fixtures=${cache:-$work}
mkdir -p "$fixtures"

# The only paid product renews every hour, so a steady subscriber piles up ~730 invoices a month.
cat > "$work/hourly.yaml" <<'CATALOG'
catalog: 1
name: Hourly Store
currency: USD
entitlements:
  - {id: premium, name: Premium}
features:
  - {id: export, name: Export data, kind: flag}
plans:
  - {id: free, name: Free, rank: 0, features: {export: false}}
  - id: pro
    name: Pro
    rank: 1
    entitlement: premium
    features: {export: true}
    products:
      - {id: pro.hourly, period: PT1H, price: 10}
CATALOG

# seed_fixture DIR SEED MONTHS: one account (the signed-in one) with a fixed start date, so the same
# arguments give the same history; a `.complete` stamp marks a cached fixture as finished.
seed_fixture() {
  local dir=$1 seed=$2 months=$3
  [[ -f "$dir/.complete" ]] && return
  rm -rf "$dir"
  "$kiosk" seed --catalog "$work/hourly.yaml" --accounts 1 --months "$months" --seed "$seed" \
    --start 2020-01-01 --data-dir "$dir" >"$work/seed.log" 2>&1 || { cat "$work/seed.log" >&2; exit 1; }
  touch "$dir/.complete"
}

pane() { tmux -L "$server" capture-pane -p -t ui-memory; }
position() { grep -o -m1 'Invoice [0-9]* of' <<<"$(pane)" | cut -d' ' -f2 || true; }

# wait_for WHAT COMMAND...: polls the screen until COMMAND succeeds; on timeout shows the screen.
wait_for() {
  local what=$1; shift
  local deadline=$((SECONDS + timeout))
  until "$@"; do
    if ((SECONDS >= deadline)); then
      echo "timed out after ${timeout} s waiting for $what; the screen:" >&2; pane >&2; exit 1
    fi
    sleep 0.2
  done
}
screen_has() { grep -Eq "$1" <<<"$(pane)"; }
position_is_not() { [[ "$(position)" != "$1" ]]; }
exited() { [[ -s "$work/run.rc" ]]; }

# scroll DATA_DIR: prints "PEAK_KB INVOICES END_SECONDS PAGEUP_PRESSES HOME_SECONDS".
scroll() {
  rm -f "$work/maxrss" "$work/run.rc"
  local command
  command=$(printf '%q ' env LANG=C.UTF-8 TERM=tmux-256color /usr/bin/time -f %M -o "$work/maxrss" \
    "$kiosk" run --data-dir "$1" --catalog "$work/hourly.yaml")
  tmux -L "$server" -f /dev/null new-session -d -s ui-memory -x 120 -y 40 \
    "$command; echo \$? > $(printf '%q' "$work/run.rc"); sleep 3600"
  wait_for "the store's status bar" screen_has 'q Quit'
  tmux -L "$server" send-keys -t ui-memory 3
  wait_for "the billing history" screen_has 'Invoice 1 of'
  local start=$SECONDS
  tmux -L "$server" send-keys -t ui-memory End
  # At the oldest invoice the counter reads "Invoice N of N" with no "+" (the total is known).
  wait_for "the oldest invoice" screen_has 'Invoice ([0-9]+) of \1([^0-9+]|$)'
  local end_s=$((SECONDS - start)) invoices
  invoices=$(position)
  # A PageUp pressed while a page is loading can be ignored, so each press waits for the selection
  # to move and one that does not move in 3 s is pressed again.
  local moves=0 presses=0 before tries
  while ((moves < 40 && presses < 200)) && [[ "$(position)" != 1 ]]; do
    before=$(position)
    tmux -L "$server" send-keys -t ui-memory PageUp
    presses=$((presses + 1))
    for ((tries = 0; tries < 15; tries++)); do
      position_is_not "$before" && { moves=$((moves + 1)); break; }
      sleep 0.2
    done
  done
  start=$SECONDS
  tmux -L "$server" send-keys -t ui-memory Home
  wait_for "the newest invoice" screen_has 'Invoice 1 of'
  local home_s=$((SECONDS - start))
  tmux -L "$server" send-keys -t ui-memory q
  sleep 1
  if ! exited && screen_has '[Qq]uit\?|\(y/n\)|\[y\]'; then tmux -L "$server" send-keys -t ui-memory y; fi
  wait_for "kiosk to quit" exited
  tmux -L "$server" kill-session -t ui-memory
  [[ "$(cat "$work/run.rc")" == 0 ]] || { echo "kiosk run exited $(cat "$work/run.rc")" >&2; exit 1; }
  echo "$(tail -1 "$work/maxrss") $invoices $end_s $presses $home_s"
}

mb() { awk -v kb="$1" 'BEGIN {printf "%.1f", kb / 1024}'; }
thousands() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

seed_fixture "$fixtures/hourly-seed50-1m" 50 1
seed_fixture "$fixtures/hourly-seed9-192m" 9 192
small=$(scroll "$fixtures/hourly-seed50-1m")
large=$(scroll "$fixtures/hourly-seed9-192m")
read -r small_kb small_n _ <<<"$small"
read -r large_kb large_n end_s presses home_s <<<"$large"
if ((large_n < 100000)); then
  echo "the large fixture has only $large_n invoices (expected at least 100,000)" >&2; exit 1
fi
if command -v sqlite3 >/dev/null; then
  stored=$(sqlite3 "$fixtures/hourly-seed9-192m/kiosk.sqlite" \
    "select count(*) from invoices where account_id = (select value from meta where key = 'signed_in')")
  [[ "$stored" == "$large_n" ]] || echo "warning: the screen counted $large_n invoices, the database $stored" >&2
fi

echo "kiosk run, $(thousands "$large_n") invoices scrolled: peak $(mb "$large_kb") MB" \
  "(End ${end_s} s, $presses PageUp presses for 40 pages, Home ${home_s} s)"
echo "kiosk run, $(thousands "$small_n") invoices scrolled: peak $(mb "$small_kb") MB"
if ((large_kb < budget_kb)); then verdict=met; else verdict="NOT MET"; fi
echo "budget: under 64 MB → $verdict"
