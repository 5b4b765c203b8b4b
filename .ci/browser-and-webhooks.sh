#!/usr/bin/env bash
# Issue 15's interoperability checks, called from .ci/run after `swift test` built the binary:
# the hosted checkout page driven by headless Chromium over WebDriver, and `kiosk webhook sign`
# checked against the official Standard Webhooks library. Installs what it needs, idempotently.
set -euo pipefail
cd "$(dirname "$0")/.."
kiosk=.build/debug/kiosk

need=()
for package in chromium chromium-driver python3-venv; do
    dpkg -s "$package" >/dev/null 2>&1 || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "Installing: ${need[*]}"
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}"
fi

echo "== Hosted checkout in headless Chromium"
python3 .ci/browser_checkout_test.py "$kiosk"

echo "== Standard Webhooks interoperability (PyPI standardwebhooks)"
source .ci/lib.sh
peer_venv webhooks
"$venv/bin/python" .ci/webhooks-interop.py "$kiosk"
