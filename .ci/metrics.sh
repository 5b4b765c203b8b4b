#!/usr/bin/env bash
# Issue 38: a running `kiosk serve --log-format json` is scraped at GET /metrics after a purchase,
# and the text is parsed by the Prometheus client library's own parser (PyPI prometheus-client,
# pinned, venv under .build): the expected families are there, and no label holds the customer's
# id, key or email. The JSON log carries the request id the client sent. Needs .build/debug/kiosk.
set -euo pipefail
cd "$(dirname "$0")/.."

kiosk=${1:-.build/debug/kiosk}

[ -x "$kiosk" ] || { echo "metrics: $kiosk is not built" >&2; exit 1; }
source .ci/lib.sh
peer_venv metrics

work=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
data="$work/data"

"$kiosk" serve --data-dir "$data" --host 127.0.0.1 --port 0 --log-format json >"$work/out" 2>"$work/log" &
server=$!
wait_for_line "$work/out" '^Serving on ' "$server" "metrics: kiosk serve" || { cat "$work/log" >&2; exit 1; }
url=$(sed -n 's/^Serving on //p' "$work/out")
[ -n "$url" ] || { echo "metrics: kiosk serve never listened" >&2; exit 1; }

admin=$("$kiosk" serve --data-dir "$data" --print-admin-key)
account=$(KIOSK_ADMIN_KEY="$admin" "$kiosk" accounts create --server "$url" --name ci --email ci-metrics@example.com --json)
key=$(printf '%s' "$account" | python3 -c 'import json,sys; print(json.load(sys.stdin)["api_key"])')
id=$(printf '%s' "$account" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
curl -fsS -o /dev/null -X POST "$url/v1/payment-methods" -H "Authorization: Bearer $key" \
    -H 'Content-Type: application/json' -d '{"number":"4242424242424242","exp_month":12,"exp_year":2030,"cvc":"123"}'
curl -fsS -o /dev/null -D "$work/headers" -X POST "$url/v1/purchases" -H "Authorization: Bearer $key" \
    -H 'X-Request-Id: ci-metrics-1' -H 'Content-Type: application/json' -d '{"product_id":"pro.monthly"}'
grep -qi '^x-request-id: ci-metrics-1' "$work/headers" || { echo "metrics: X-Request-Id not echoed" >&2; exit 1; }
curl -fsS "$url/metrics" >"$work/metrics"

"$venv/bin/python" - "$work/metrics" "$work/log" "$id" "$key" <<'PY'
import json, sys
from prometheus_client.parser import text_string_to_metric_families

metrics_path, log_path, account_id, api_key = sys.argv[1:]
families = {f.name: f for f in text_string_to_metric_families(open(metrics_path).read())}
for name in ["kiosk_http_requests", "kiosk_http_request_duration_seconds", "kiosk_purchases",
             "kiosk_live_feed_streams", "kiosk_ssh_sessions", "kiosk_renewals",
             "kiosk_webhook_deliveries", "kiosk_database_transaction_retries"]:
    assert name in families, f"missing family {name}: {sorted(families)}"
assert families["kiosk_http_request_duration_seconds"].type == "histogram"
purchases = {s.labels.get("outcome"): s.value for s in families["kiosk_purchases"].samples if s.name == "kiosk_purchases_total"}
assert purchases.get("purchased") == 1, purchases
requests = {(s.labels["operation"], s.labels["status"]): s.value
            for s in families["kiosk_http_requests"].samples if s.name == "kiosk_http_requests_total"}
assert requests.get(("createPurchase", "200")) == 1, requests
for family in families.values():
    for sample in family.samples:
        for value in sample.labels.values():
            for secret in (account_id, api_key, "ci-metrics@example.com", "4242424242424242"):
                assert secret not in value, f"{sample.name} label holds a customer's detail"
lines = [json.loads(line) for line in open(log_path) if line.strip()]
purchase = [l for l in lines if l.get("request_id") == "ci-metrics-1"]
assert purchase and purchase[0]["operation"] == "createPurchase" and purchase[0]["account_id"] == account_id, purchase
log_text = open(log_path).read()
assert api_key not in log_text and "4242424242424242" not in log_text, "the log holds a key or card number"
print(f"metrics: {len(families)} families parsed, {len(lines)} JSON log lines")
PY
