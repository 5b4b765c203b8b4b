#!/usr/bin/env python3
"""Checks `kiosk webhook sign` against the official Standard Webhooks library (PyPI
`standardwebhooks`): what Kiosk signs, the library verifies, and what the library signs, Kiosk
verifies. Usage: webhooks-interop.py KIOSK_BINARY (run in a venv with standardwebhooks)."""
import base64
import os
import subprocess
import sys
import time
from datetime import datetime, timezone

from standardwebhooks.webhooks import Webhook


def main():
    kiosk = sys.argv[1]
    secret = "whsec_" + base64.b64encode(os.urandom(32)).decode()
    body = '{"type":"payment.succeeded","data":{"payment_id":"INV-1","total":1499}}'
    message_id = "msg_interop_1"
    timestamp = int(time.time())
    signed = subprocess.run([kiosk, "webhook", "sign", "--secret", secret, "--id", message_id,
                             "--timestamp", str(timestamp)], input=body.encode(), capture_output=True, check=True)
    signature = signed.stdout.decode().strip()
    headers = {"webhook-id": message_id, "webhook-timestamp": str(timestamp), "webhook-signature": signature}
    Webhook(secret).verify(body, headers)
    print(f"ok: standardwebhooks verifies kiosk's {signature[:10]}...")

    theirs = Webhook(secret).sign(message_id, datetime.fromtimestamp(timestamp, tz=timezone.utc), body)
    verified = subprocess.run([kiosk, "webhook", "verify", "--secret", secret, "--id", message_id,
                               "--timestamp", str(timestamp), "--signature", theirs, "--now", str(timestamp)],
                              input=body.encode(), capture_output=True)
    if verified.returncode != 0 or verified.stdout.decode() != "valid\n":
        print(f"FAIL: kiosk rejects standardwebhooks' signature: {verified.stdout!r} {verified.stderr!r}",
              file=sys.stderr)
        sys.exit(1)
    print("ok: kiosk verifies standardwebhooks' signature")


if __name__ == "__main__":
    main()
