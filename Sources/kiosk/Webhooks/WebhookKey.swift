import PaymentsCore

/// The three kinds of Standard Webhooks key `--secret` accepts.
enum WebhookKey {
    /// `whsec_`: HMAC-SHA256, signs and verifies `v1`.
    case shared(WebhookSecret)
    /// `whsk_`: ed25519 private key, signs `v1a` (and verifies through its public key).
    case signing(WebhookPrivateKey)
    /// `whpk_`: ed25519 public key, verifies `v1a` only.
    case verifying(WebhookPublicKey)
}
