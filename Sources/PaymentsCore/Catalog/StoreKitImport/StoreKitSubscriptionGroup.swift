/// A StoreKit subscription group: auto-renewable subscriptions a customer holds one of at a time,
/// ranked by `groupNumber`.
public struct StoreKitSubscriptionGroup: Hashable, Sendable, Decodable {
    public var id: String?
    public var name: String?
    public var localizations: [StoreKitLocalization]?
    public var subscriptions: [StoreKitSubscription]?
}
