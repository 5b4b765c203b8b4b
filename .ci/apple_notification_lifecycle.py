"""Drives one store-account subscription through its life on a running `kiosk serve`, so the
notifications checked by apple_verifier_check.py cover every lifecycle kind, not only a purchase.

Usage: apple_notification_lifecycle.py BASE_URL ADMIN_KEY

Through the test-control and customer APIs: a customer on a test clock buys pro.monthly on the
store account (SUBSCRIBED), turns auto-renew off and on (DID_CHANGE_RENEWAL_STATUS), renews
(DID_RENEW), schedules a downgrade and withdraws nothing (DID_CHANGE_RENEWAL_PREF), then renewals
fail into grace (DID_FAIL_TO_RENEW/GRACE_PERIOD), grace runs out (GRACE_PERIOD_EXPIRED) and billing
retry ends (EXPIRED/BILLING_RETRY). Exits 1 on any refused call.
"""

import json
import sys
import urllib.request


def call(base, method, path, key, body=None, idempotency=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Authorization", f"Bearer {key}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if idempotency:
        request.add_header("Idempotency-Key", idempotency)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            return json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        sys.exit(f"lifecycle: {method} {path} answered {error.code}: {error.read().decode()}")


def main() -> int:
    base, admin = sys.argv[1], sys.argv[2]
    account = call(base, "POST", "/v1/admin/accounts", admin, {"name": "Lifecycle", "email": "lifecycle@example.com"})
    key = account["api_key"]
    clock = call(base, "POST", "/v1/admin/test-clocks", admin, {"name": "lifecycle", "frozen_at": "2026-01-01T00:00:00Z"})
    call(base, "PUT", f"/v1/admin/accounts/{account['id']}/test-clock", admin, {"clock_id": clock["id"]})

    def advance(to):
        call(base, "POST", f"/v1/admin/test-clocks/{clock['id']}/advance", admin, {"to": to})

    bought = call(base, "POST", "/v1/store-purchases", key, {"product_id": "pro.yearly"}, idempotency="lifecycle-1")
    if bought["outcome"] != "success":
        sys.exit(f"lifecycle: the store purchase answered {bought}")
    subscription = call(base, "GET", "/v1/subscriptions", key)[0]["id"]
    call(base, "POST", f"/v1/subscriptions/{subscription}/cancel", key, {"reason": "too_expensive"})
    call(base, "POST", f"/v1/subscriptions/{subscription}/resume", key)
    advance("2027-01-02T00:00:00Z")
    change = call(base, "POST", f"/v1/subscriptions/{subscription}/plan-change", key, {"to_product_id": "pro.monthly"},
                  idempotency="lifecycle-2")
    if change["outcome"] not in ("scheduled", "changed"):
        sys.exit(f"lifecycle: the plan change answered {change}")
    call(base, "PUT", "/v1/admin/store-controls", admin, {"renewals_fail": True})
    advance("2028-01-03T00:00:00Z")
    advance("2028-01-25T00:00:00Z")
    advance("2028-04-30T00:00:00Z")
    print(f"lifecycle: subscription {subscription} driven from purchase to expiry")
    return 0


if __name__ == "__main__":
    sys.exit(main())
