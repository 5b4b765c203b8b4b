/// An introductory, promotional (ad hoc) or code offer on a StoreKit subscription.
public struct StoreKitOffer: Hashable, Sendable, Decodable {
    /// Only ad hoc (promotional) offers have one.
    public var offerID: String?
    public var referenceName: String?
    /// `free`, `payAsYouGo` or `payUpFront`.
    public var paymentMode: String?
    /// The price per period (pay as you go) or for the whole offer (pay up front).
    public var displayPrice: String?
    /// ISO 8601 duration of one offer period.
    public var subscriptionPeriod: String?
    public var numberOfPeriods: Int?
    public var internalID: String?
}
