/// Whether money moved for a checkout session: the one field a client may trust for access,
/// and only when read from the server, never from a redirect.
public enum CheckoutPaymentStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case paid
    case unpaid
}
