#!/usr/bin/env bash
# Issue 15: Apple's official App Store Server Library (PyPI app-store-server-library) must accept
# every transaction the built `kiosk` signs. Needs .build/debug/kiosk (built by `swift test`).
# Idempotent: the venv is reused when it already holds the pinned version.
set -euo pipefail
cd "$(dirname "$0")/.."

library_version=3.1.2
kiosk=.build/debug/kiosk
venv=.build/apple-verifier-venv

[ -x "$kiosk" ] || { echo "apple verifier: $kiosk is not built" >&2; exit 1; }

if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq python3-venv
fi
if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('app-store-server-library') != '$library_version')" 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "app-store-server-library==$library_version"
fi

data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
store=(--data-dir "$data")

# History: card purchases, renewals over a year, refunds and points packs, through a test clock.
"$kiosk" seed "${store[@]}" --accounts 4 --months 14 --seed 15 >/dev/null
# Store purchases of every product type, as StoreKit testing's buyProduct makes them.
account=$("$kiosk" store buy pro.monthly --account acct_000001 --json "${store[@]}" >/dev/null 2>&1; echo acct_000001)
for product in points.500 themes.lifetime season.pass; do
    "$kiosk" store buy "$product" --account "$account" "${store[@]}" >/dev/null
done

"$kiosk" receipt list "${store[@]}" > "$data/receipts.jws"
"$venv/bin/python" .ci/apple_verifier_check.py "$data/transaction-signing/root-ca.pem" "$data/receipts.jws"
