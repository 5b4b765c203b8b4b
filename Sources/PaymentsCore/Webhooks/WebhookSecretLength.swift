/// Key sizes Kiosk generates: 24 bytes matches the Standard Webhooks minimum (and its test
/// vectors), 32 bytes matches the SHA-256 output size.
public enum WebhookSecretLength: Int, Sendable, CaseIterable {
    case bytes24 = 24
    case bytes32 = 32
}
