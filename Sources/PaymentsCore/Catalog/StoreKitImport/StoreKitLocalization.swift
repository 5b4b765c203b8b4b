/// One locale's customer-facing name and description of a product or subscription group.
public struct StoreKitLocalization: Hashable, Sendable, Decodable {
    public var locale: String?
    public var displayName: String?
    public var description: String?
}
