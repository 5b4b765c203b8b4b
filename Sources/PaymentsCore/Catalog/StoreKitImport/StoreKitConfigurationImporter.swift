import Foundation

/// Converts an Xcode StoreKit configuration into a Kiosk catalog, so a team's existing test
/// products become a Kiosk store, and lists everything it could not carry over.
///
/// Mapping (see `StoreKitCatalogAssembly` for the details):
/// - one subscription group → the catalog's plans; subscriptions with the same `groupNumber`
///   form one plan, ranked `max(groupNumber) − groupNumber + 1` (StoreKit's level 1 is the
///   highest), under a Free plan at rank 0; each paid plan grants its own entitlement, named
///   after the plan, because StoreKit apps unlock by service level;
/// - introductory offers → intro offers; promotional, code and win-back offers → notes;
/// - consumables → points packs (points read from the id or name), non-consumables and
///   non-renewing subscriptions → entitlements named by their product id;
/// - prices → integer minor units of the storefront's currency, read exactly from the text.
/// Features are not part of StoreKit, so the catalog has none.
public enum StoreKitConfigurationImporter {
    public static func convert(_ configuration: StoreKitConfiguration,
                               options: StoreKitImportOptions) throws(StoreKitImportError) -> StoreKitImport {
        var assembly = StoreKitCatalogAssembly(configuration: configuration, options: options)
        return try assembly.assemble()
    }

    /// Decodes and converts the bytes of a `.storekit` file.
    public static func convert(json data: Data, options: StoreKitImportOptions) throws(StoreKitImportError)
        -> StoreKitImport {
        try convert(StoreKitConfiguration.decode(data), options: options)
    }
}

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
