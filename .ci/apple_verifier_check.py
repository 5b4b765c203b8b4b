"""Checks Kiosk-signed transactions with Apple's official App Store Server Library.

Usage: apple_verifier_check.py ROOT_PEM RECEIPTS_FILE RENEWAL_INFO_FILE NOTIFICATIONS_FILE [BUNDLE_ID]
       apple_verifier_check.py --merchant MERCHANT_ROOT_PEM APP_STORE_ROOT_PEM RECEIPTS_FILE [BUNDLE_ID]

Every line of RECEIPTS_FILE is one compact JWS (`kiosk receipt list`), every line of
RENEWAL_INFO_FILE one signed renewal info (`kiosk receipt renewal-info`), every line of
NOTIFICATIONS_FILE one App Store Server Notification's signedPayload (`kiosk store notifications
list --signed`), whose transaction and renewal info must verify too. Each must pass Apple's
SignedDataVerifier (Sandbox, online checks off, Kiosk's root as the only trusted root) and decode
into JWSTransactionDecodedPayload or JWSRenewalInfoDecodedPayload without loss: every field Kiosk
wrote must come back with the same value, none dropped as unknown. A tampered token must be
rejected, so the check cannot pass by a verifier that checks nothing. Exits 1 with every problem
listed when anything fails.

With --merchant, RECEIPTS_FILE holds the merchant's own sales (`kiosk receipt list --issuer
merchant`: cards, the hosted checkout): each must verify, in the same format and without loss,
against the merchant's root, and Apple's verifier trusting only the App Store's root must reject
every one of them, since Apple never saw those sales.
"""

import base64
import json
import sys

from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException


def raw_payload(jws: str) -> dict:
    segment = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))


def lost_fields(raw: dict, decoded) -> list:
    """Fields of the raw payload that the decoded model does not give back unchanged."""
    problems = []
    for key, value in raw.items():
        if not hasattr(decoded, key):
            problems.append(f"{key}: not a field of Apple's payload")
            continue
        raw_key = "raw" + key[0].upper() + key[1:]
        if hasattr(decoded, raw_key):
            if getattr(decoded, key) is None:
                problems.append(f"{key}: {value!r} is not a value Apple's enum knows")
            elif getattr(decoded, raw_key) != value:
                problems.append(f"{key}: decoded as {getattr(decoded, raw_key)!r}, signed {value!r}")
        elif getattr(decoded, key) != value:
            problems.append(f"{key}: decoded as {getattr(decoded, key)!r}, signed {value!r}")
    return problems


def accepts_tampered(verify, jws: str) -> bool:
    """Whether `verify` takes `jws` with one signature character changed (it must not)."""
    try:
        verify(tampered(jws))
        return True
    except VerificationException:
        return False


def tampered(jws: str) -> str:
    header, payload, signature = jws.split(".")
    flipped = "A" if signature[10] != "A" else "B"
    return ".".join([header, payload, signature[:10] + flipped + signature[11:]])


def load_root(path: str) -> bytes:
    with open(path, "rb") as handle:
        return x509.load_pem_x509_certificate(handle.read()).public_bytes(Encoding.DER)


def check_merchant(merchant_root_path: str, app_store_root_path: str, receipts_path: str, bundle_id: str) -> int:
    merchant = SignedDataVerifier([load_root(merchant_root_path)], False, Environment.SANDBOX, bundle_id, None)
    app_store = SignedDataVerifier([load_root(app_store_root_path)], False, Environment.SANDBOX, bundle_id, None)
    with open(receipts_path) as handle:
        tokens = [line.strip() for line in handle if line.strip()]
    if not tokens:
        print("apple verifier: no merchant transactions to check", file=sys.stderr)
        return 1
    failures = []
    for number, jws in enumerate(tokens, start=1):
        try:
            decoded = merchant.verify_and_decode_signed_transaction(jws)
            failures += [f"merchant line {number} ({decoded.transactionId}): {problem}"
                         for problem in lost_fields(raw_payload(jws), decoded)]
        except VerificationException as error:
            failures.append(f"merchant line {number}: rejected by the merchant's root: {error} (cause: {error.__cause__!r})")
        try:
            app_store.verify_and_decode_signed_transaction(jws)
            failures.append(f"merchant line {number}: accepted by a verifier trusting only the App Store's root")
        except VerificationException:
            pass
    if accepts_tampered(merchant.verify_and_decode_signed_transaction, tokens[0]):
        failures.append("a merchant token with a changed signature was accepted")
    if failures:
        print(f"apple verifier: {len(failures)} problem(s) in {len(tokens)} merchant transaction(s):", file=sys.stderr)
        for failure in failures:
            print("  " + failure, file=sys.stderr)
        return 1
    print(f"apple verifier: all {len(tokens)} merchant transactions verified against the merchant's root and "
          "rejected by the App Store's")
    return 0


def main() -> int:
    if sys.argv[1] == "--merchant":
        merchant_root, app_store_root, receipts = sys.argv[2:5]
        return check_merchant(merchant_root, app_store_root, receipts, sys.argv[5] if len(sys.argv) > 5 else "dev.kiosk.store")
    root_path, receipts_path, renewals_path, notifications_path = sys.argv[1:5]
    bundle_id = sys.argv[5] if len(sys.argv) > 5 else "dev.kiosk.store"
    verifier = SignedDataVerifier([load_root(root_path)], False, Environment.SANDBOX, bundle_id, None)
    with open(receipts_path) as handle:
        tokens = [line.strip() for line in handle if line.strip()]
    if not tokens:
        print("apple verifier: no transactions to check", file=sys.stderr)
        return 1

    failures = []
    kinds = {}
    for number, jws in enumerate(tokens, start=1):
        try:
            decoded = verifier.verify_and_decode_signed_transaction(jws)
        except VerificationException as error:
            failures.append(f"line {number}: rejected: {error} (cause: {error.__cause__!r})")
            continue
        problems = lost_fields(raw_payload(jws), decoded)
        failures += [f"line {number} ({decoded.transactionId}): {problem}" for problem in problems]
        kinds[decoded.rawType] = kinds.get(decoded.rawType, 0) + 1

    if accepts_tampered(verifier.verify_and_decode_signed_transaction, tokens[0]):
        failures.append("a token with a changed signature was accepted")

    with open(renewals_path) as handle:
        renewals = [line.strip() for line in handle if line.strip()]
    if not renewals:
        failures.append("no renewal info to check")
    renewal_states = {}
    for number, jws in enumerate(renewals, start=1):
        try:
            decoded = verifier.verify_and_decode_renewal_info(jws)
        except VerificationException as error:
            failures.append(f"renewal info line {number}: rejected: {error} (cause: {error.__cause__!r})")
            continue
        problems = lost_fields(raw_payload(jws), decoded)
        failures += [f"renewal info line {number} ({decoded.originalTransactionId}): {problem}" for problem in problems]
        state = "auto-renew on" if decoded.rawAutoRenewStatus == 1 else "auto-renew off"
        renewal_states[state] = renewal_states.get(state, 0) + 1
    if renewals and accepts_tampered(verifier.verify_and_decode_renewal_info, renewals[0]):
        failures.append("a renewal info with a changed signature was accepted")

    with open(notifications_path) as handle:
        notifications = [line.strip() for line in handle if line.strip()]
    notification_kinds = {}
    for number, jws in enumerate(notifications, start=1):
        try:
            decoded = verifier.verify_and_decode_notification(jws)
            if decoded.data and decoded.data.signedTransactionInfo:
                verifier.verify_and_decode_signed_transaction(decoded.data.signedTransactionInfo)
            if decoded.data and decoded.data.signedRenewalInfo:
                verifier.verify_and_decode_renewal_info(decoded.data.signedRenewalInfo)
        except VerificationException as error:
            failures.append(f"notification line {number}: rejected: {error} (cause: {error.__cause__!r})")
            continue
        if decoded.notificationType is None:
            failures.append(f"notification line {number}: {decoded.rawNotificationType!r} is not a type Apple's enum knows")
        if decoded.rawSubtype is not None and decoded.subtype is None:
            failures.append(f"notification line {number}: {decoded.rawSubtype!r} is not a subtype Apple's enum knows")
        kind = decoded.rawNotificationType + (f"/{decoded.rawSubtype}" if decoded.rawSubtype else "")
        notification_kinds[kind] = notification_kinds.get(kind, 0) + 1
    for wanted in ("TEST", "SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                   "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_RENEW", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE",
                   "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "EXPIRED/BILLING_RETRY"):
        if wanted not in notification_kinds:
            failures.append(f"no {wanted} notification: the data set is too small")
    if notifications and accepts_tampered(verifier.verify_and_decode_notification, notifications[0]):
        failures.append("a notification with a changed signature was accepted")

    expected = {"Auto-Renewable Subscription", "Non-Consumable", "Consumable", "Non-Renewing Subscription"}
    if not expected <= kinds.keys():
        failures.append(f"no transaction of type(s) {sorted(expected - kinds.keys())}: the data set is too small")

    if failures:
        print(f"apple verifier: {len(failures)} problem(s) in {len(tokens)} transaction(s):", file=sys.stderr)
        for failure in failures:
            print("  " + failure, file=sys.stderr)
        return 1
    summary = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
    print(f"apple verifier: all {len(tokens)} transactions verified and decoded without loss ({summary})")
    renewal_summary = ", ".join(f"{count} {state}" for state, count in sorted(renewal_states.items()))
    print(f"apple verifier: all {len(renewals)} renewal infos verified and decoded without loss ({renewal_summary})")
    notification_summary = ", ".join(f"{count} {kind}" for kind, count in sorted(notification_kinds.items()))
    print(f"apple verifier: all {len(notifications)} notifications verified and decoded ({notification_summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
