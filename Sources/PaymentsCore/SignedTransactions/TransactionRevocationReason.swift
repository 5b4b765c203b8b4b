/// Why a transaction was refunded or revoked. Encoded as the bare integer App Store payloads use.
public enum TransactionRevocationReason: Int, Codable, Sendable, CaseIterable {
    /// Refunded for another reason, for example an accidental purchase.
    case other = 0
    /// Refunded because of an actual or perceived issue within the app.
    case appIssue = 1
}
