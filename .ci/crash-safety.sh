#!/usr/bin/env bash
# Crash-safety test (issue 17, "keep it that way"): kill -9 a kiosk writer at random instants
# (first run, purchases, renewals, snapshot save) and check after every kill that the store
# reopens and `checkInvariants` holds (`kiosk store check`), that an interrupted snapshot save
# leaves a snapshot that restores, and that nothing in the data directories is readable by others.
# Uses the debug binary `swift test` built. Bounded: 4 writers x CRASH_ROUNDS kills (default 9).
# Reproduce a run with CRASH_SEED=<the seed it printed>.
set -euo pipefail
cd "$(dirname "$0")/.."

kiosk=${KIOSK:-.build/debug/kiosk}
rounds=${CRASH_ROUNDS:-9}
seed=${CRASH_SEED:-$(( $(date +%s) % 32768 ))}
RANDOM=$seed
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
kills=0
finished=0
[ -x "$kiosk" ] || { echo "crash-safety: $kiosk not built (run swift build first)" >&2; exit 1; }
echo "crash-safety: seed $seed, $rounds kills per writer"

# Runs a command in the background and kill -9s it after $1 milliseconds (if it is still running).
kill_after() {
    local delay_ms=$1; shift
    "$@" >/dev/null 2>&1 &
    local pid=$!
    sleep "$(awk -v ms="$delay_ms" 'BEGIN { printf "%.3f", ms / 1000 }')"
    if kill -9 "$pid" 2>/dev/null; then kills=$((kills + 1)); else finished=$((finished + 1)); fi
    wait "$pid" 2>/dev/null || true
}

# Reopens the store and checks its invariants; prints the account count.
check() {
    local dir=$1 label=$2 out
    if ! out=$("$kiosk" store check --data-dir "$dir" 2>&1); then
        echo "FAIL $label: $out" >&2
        failures=$((failures + 1))
        echo 0
        return
    fi
    sed -n 's/.*(\([0-9]*\) accounts).*/\1/p' <<<"$out"
}

between() { echo $(( $1 + RANDOM % ($2 - $1 + 1) )); }

# 1. First run: migrations and signing-key creation, killed part way.
for round in $(seq 1 "$rounds"); do
    dir="$work/first-$round"
    kill_after "$(between 0 400)" "$kiosk" status --data-dir "$dir"
    check "$dir" "first run, round $round" >/dev/null
done

# 2. Purchases (and renewals) through `kiosk seed`: committed customers are never lost.
dir="$work/purchases"
known=0
for round in $(seq 1 "$rounds"); do
    kill_after "$(between 150 1500)" "$kiosk" seed --data-dir "$dir" --accounts 15 --months 6 --seed "$round" \
        --start 2025-01-01
    count=$(check "$dir" "purchases, round $round")
    if [ "$count" -lt "$known" ]; then
        echo "FAIL purchases, round $round: $count accounts after the kill, $known before" >&2
        failures=$((failures + 1))
    fi
    known=$count
done

# 3. Renewals: few customers, years of test-clock time (renewals, retries, expiries).
dir="$work/renewals"
for round in $(seq 1 "$rounds"); do
    kill_after "$(between 150 1500)" "$kiosk" seed --data-dir "$dir" --accounts 3 --months 48 --seed "$round" \
        --start 2022-01-01
    check "$dir" "renewals, round $round" >/dev/null
done

# 4. Snapshot save, killed part way: the snapshot that was there (or the new one) still restores.
dir="$work/purchases"
"$kiosk" store snapshot save checkpoint --data-dir "$dir" >/dev/null
saved=$(check "$dir" "before snapshots")
for round in $(seq 1 "$rounds"); do
    kill_after "$(between 0 150)" "$kiosk" store snapshot save checkpoint --data-dir "$dir"
    check "$dir" "snapshot save, round $round" >/dev/null
    if ! out=$("$kiosk" store snapshot restore checkpoint --data-dir "$dir" 2>&1); then
        echo "FAIL snapshot save, round $round: the snapshot no longer restores: $out" >&2
        failures=$((failures + 1))
    fi
    count=$(check "$dir" "snapshot restore, round $round")
    if [ "$count" -ne "$saved" ]; then
        echo "FAIL snapshot save, round $round: $count accounts after restore, $saved saved" >&2
        failures=$((failures + 1))
    fi
done

# Everything Kiosk wrote is owner-only.
exposed=$(find "$work" -mindepth 1 -perm /077 -print)
if [ -n "$exposed" ]; then
    echo "FAIL readable by others:" >&2
    echo "$exposed" >&2
    failures=$((failures + 1))
fi

echo "crash-safety: $kills kills ($finished writers finished first), $failures failures"
[ "$failures" -eq 0 ]
