#!/usr/bin/env bash
# Issue 39: an independent, contract-driven fuzzer (schemathesis, PyPI, pinned, venv under .build)
# against a `kiosk serve`, once with a customer's key (customer, service and app-backend
# operations) and once with the admin key (test-control operations): every check on, the
# stateful phase included (it follows the contract's OpenAPI links), bounded in examples and time
# so the whole script takes under two minutes. Zero failures, or the script fails.
# Usage: .ci/schemathesis.sh [KIOSK_BINARY] [--database URL]   (docs/api.md: what is checked)
set -euo pipefail
cd "$(dirname "$0")/.."

kiosk=${1:-.build/debug/kiosk}
shift || true
store_args=("$@")
examples=${KIOSK_SCHEMATHESIS_EXAMPLES:-8}
budget=${KIOSK_SCHEMATHESIS_SECONDS:-35}

[ -x "$kiosk" ] || { echo "schemathesis: $kiosk is not built" >&2; exit 1; }
source .ci/lib.sh
peer_venv schemathesis

data=$(mktemp -d)
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$data"
}
trap cleanup EXIT
store=(--data-dir "$data" "${store_args[@]}")

admin_key=$("$kiosk" serve "${store[@]}" --print-admin-key)

"$kiosk" serve "${store[@]}" --port 0 >"$data/serve.log" 2>&1 &
server_pid=$!
wait_for_line "$data/serve.log" "Serving on" "$server_pid" "schemathesis: kiosk serve" || { cat "$data/serve.log" >&2; exit 1; }
base=$(grep -o 'http://[0-9.]*:[0-9]*' "$data/serve.log" | head -1)
[ -n "$base" ] || { echo "schemathesis: kiosk serve did not start" >&2; cat "$data/serve.log" >&2; exit 1; }
# The customer is created through the running server, so the same steps serve either store.
customer_key=$(KIOSK_ADMIN_KEY="$admin_key" "$kiosk" accounts create --server "$base" --name "Fuzz Customer" \
    --email "fuzz-$$-$RANDOM@example.com" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["api_key"])')

run() {
    local name=$1 key=$2; shift 2
    echo "--- schemathesis ($name key) against $base"
    "$venv/bin/st" --config-file .ci/schemathesis.toml run "$base/openapi.yaml" --url "$base" \
        --header "Authorization: Bearer $key" \
        --checks all --phases examples,coverage,fuzzing,stateful \
        --max-examples "$examples" --max-time "$budget" --seed 39 --no-color --workers 1 \
        --request-timeout 10 --suppress-health-check all --generation-database none \
        --report junit --report-junit-path ".build/schemathesis-$name.xml" "$@"
}
status=0
run customer "$customer_key" --include-tag customer --include-tag service --include-tag app-backend || status=1
run admin "$admin_key" --include-tag test-control || status=1
exit $status
