/// Something in a StoreKit configuration that was not imported, or was imported by inference
/// and deserves a look, with the reason: imports never drop anything silently.
public struct StoreKitImportNote: Hashable, Sendable, CustomStringConvertible {
    /// What the note is about, located in the source file: `subscriptionGroups[1] 'Family'`,
    /// `adHocOffers 'promo1' on 'pro.monthly'`, `settings._askToBuyEnabled = true`.
    public var subject: String
    public var message: String

    public init(subject: String, message: String) {
        self.subject = subject
        self.message = message
    }

    public var description: String { "\(subject): \(message)" }
}
