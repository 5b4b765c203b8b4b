#!/usr/bin/env bash
# Issue 15: Apple's official App Store Server Library (PyPI app-store-server-library) must accept
# every transaction, renewal info and server notification the built `kiosk` signs. Needs .build/debug/kiosk (built by `swift test`).
# Idempotent: the venv is reused when it already holds the pinned version.
set -euo pipefail
cd "$(dirname "$0")/.."

kiosk=.build/debug/kiosk

[ -x "$kiosk" ] || { echo "apple verifier: $kiosk is not built" >&2; exit 1; }

if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq python3-venv
fi
source .ci/lib.sh
peer_venv apple-verifier

data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
store=(--data-dir "$data")

# History: subscriptions (every seeded account subscribes), renewals over a year, refunds and points
# packs, through a test clock.
"$kiosk" seed "${store[@]}" --accounts 4 --months 14 --seed 15 >/dev/null 2>&1
# Store purchases of every product type, as StoreKit testing's buyProduct makes them, on the first
# seeded account that may still buy the product (one that owns it already is refused).
buy() {
    for account in acct_000001 acct_000002 acct_000003 acct_000004; do
        "$kiosk" store buy "$1" --account "$account" "${store[@]}" >/dev/null 2>&1 && return 0
    done
    echo "apple verifier: no seeded account could buy $1" >&2
    "$kiosk" store buy "$1" --account acct_000001 "${store[@]}" >/dev/null
}
for product in points.500 themes.lifetime season.pass; do
    buy "$product"
done

# App Store Server Notifications: a store-account subscription of a new customer, the one-time
# charges above, and App Store Connect's test notification.
"$kiosk" accounts create "${store[@]}" --name Notified --email notified@example.com >/dev/null
"$kiosk" store buy pro.monthly --account acct_000005 "${store[@]}" >/dev/null
"$kiosk" store notifications test "${store[@]}" >/dev/null
# A whole subscription life on a test clock, through `kiosk serve`'s APIs.
admin_key=$("$kiosk" serve "${store[@]}" --print-admin-key)
"$kiosk" serve "${store[@]}" --port 0 > "$data/serve.out" 2>&1 &
serve_pid=$!
wait_for_line "$data/serve.out" '^Serving on ' "$serve_pid" "apple verifier: kiosk serve" || { kill "$serve_pid"; exit 1; }
base=$(sed -n 's/^Serving on //p' "$data/serve.out")
[ -n "$base" ] || { echo "apple verifier: kiosk serve did not start: $(cat "$data/serve.out")" >&2; kill "$serve_pid"; exit 1; }
"$venv/bin/python" .ci/apple_notification_lifecycle.py "$base" "$admin_key" || { kill "$serve_pid"; exit 1; }
kill -TERM "$serve_pid"
wait "$serve_pid"
"$kiosk" store notifications list --signed "${store[@]}" > "$data/notifications.jws"

# What the App Store billed, against its root; the merchant's own sales (the seeded card
# subscriptions) against the merchant's root, and never accepted by a verifier trusting only Apple's.
"$kiosk" receipt list --issuer app-store "${store[@]}" > "$data/receipts.jws"
"$kiosk" receipt list --issuer merchant "${store[@]}" > "$data/merchant-receipts.jws"
"$kiosk" receipt renewal-info "${store[@]}" > "$data/renewal-info.jws"
"$venv/bin/python" .ci/apple_verifier_check.py "$data/transaction-signing/root-ca.pem" "$data/receipts.jws" \
    "$data/renewal-info.jws" "$data/notifications.jws"
"$venv/bin/python" .ci/apple_verifier_check.py --merchant "$data/merchant-signing/root-ca.pem" \
    "$data/transaction-signing/root-ca.pem" "$data/merchant-receipts.jws"
