/// The verdict on one navigated URL.
///
/// Identifiers are only filled in when the URL is one of our endpoints and passed validation, so a
/// rejected or ignored URL never leaks attacker-chosen ids into the app.
public struct RedirectClassification: Sendable, Hashable {
    public var outcome: RedirectOutcome
    public var reason: RedirectReason
    public var paymentID: String?
    public var subscriptionID: String?
    public var sessionID: String?

    public init(
        outcome: RedirectOutcome,
        reason: RedirectReason,
        paymentID: String? = nil,
        subscriptionID: String? = nil,
        sessionID: String? = nil
    ) {
        self.outcome = outcome
        self.reason = reason
        self.paymentID = paymentID
        self.subscriptionID = subscriptionID
        self.sessionID = sessionID
    }
}
