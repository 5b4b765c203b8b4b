/// A consumable, non-consumable or non-renewing subscription entry of a StoreKit configuration.
public struct StoreKitProduct: Hashable, Sendable, Decodable {
    public var productID: String?
    /// The internal name shown in Xcode and App Store Connect.
    public var referenceName: String?
    /// `Consumable`, `NonConsumable` or `NonRenewingSubscription`.
    public var type: String?
    /// The price as a decimal string in the storefront's currency, such as "0.99".
    public var displayPrice: String?
    public var familyShareable: Bool?
    public var localizations: [StoreKitLocalization]?
    public var internalID: String?
}
