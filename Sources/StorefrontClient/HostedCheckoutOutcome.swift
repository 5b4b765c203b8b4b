/// How a hosted checkout ended, as the checkout server reports it.
public enum HostedCheckoutOutcome: Hashable, Sendable {
    case succeeded(invoiceID: String)
    case declined(message: String)
    case cancelled
    case expired
}
