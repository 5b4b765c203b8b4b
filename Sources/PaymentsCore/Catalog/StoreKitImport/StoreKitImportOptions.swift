/// Choices the StoreKit configuration file cannot make for itself.
public struct StoreKitImportOptions: Hashable, Sendable {
    /// The catalog's `name` (a `.storekit` file has no store name; the command uses the file name).
    /// Blank becomes "Imported store", since a catalog needs a name.
    public var name: String
    /// Overrides the currency read from `settings._storefront`.
    public var currency: Currency?
    /// The subscription group to import, by `id` or `name`; nil imports the first group that
    /// has subscriptions. Kiosk catalogs hold one group.
    public var group: String?

    public init(name: String, currency: Currency? = nil, group: String? = nil) {
        self.name = name
        self.currency = currency
        self.group = group
    }
}
