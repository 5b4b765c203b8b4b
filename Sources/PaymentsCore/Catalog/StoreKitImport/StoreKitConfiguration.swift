import Foundation

/// An Xcode StoreKit configuration file (`.storekit`, the JSON format of Xcode 13 and later), as
/// far as Kiosk reads it.
///
/// Decoding is tolerant: unknown keys are ignored and every field is optional, because Xcode adds
/// keys release after release and a team's file should still import; what cannot be imported is
/// reported by `StoreKitConfigurationImporter` as notes instead. A value of the wrong JSON type
/// is an error, since guessing there could change a price.
public struct StoreKitConfiguration: Hashable, Sendable, Decodable {
    /// The file format version Xcode wrote (`{"major": 4, "minor": 0}`).
    public struct Version: Hashable, Sendable, Decodable {
        public var major: Int?
        public var minor: Int?
    }

    public var identifier: String?
    /// Consumables and non-consumables.
    public var products: [StoreKitProduct]
    public var nonRenewingSubscriptions: [StoreKitProduct]
    public var subscriptionGroups: [StoreKitSubscriptionGroup]
    /// Test-session settings (`_askToBuyEnabled`, `_storefront`, `_timeRate`, …) by key.
    public var settings: [String: StoreKitJSONValue]
    public var version: Version?

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case identifier, products, nonRenewingSubscriptions, subscriptionGroups, settings, version
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let sections: [CodingKeys] = [.products, .nonRenewingSubscriptions, .subscriptionGroups, .settings]
        guard sections.contains(where: container.contains) else {
            throw StoreKitImportError.notAConfiguration(
                "no 'products', 'subscriptionGroups', 'nonRenewingSubscriptions' or 'settings' at the top level")
        }
        identifier = try container.decodeIfPresent(String.self, forKey: .identifier)
        products = try container.decodeIfPresent([StoreKitProduct].self, forKey: .products) ?? []
        nonRenewingSubscriptions = try container.decodeIfPresent([StoreKitProduct].self,
                                                                 forKey: .nonRenewingSubscriptions) ?? []
        subscriptionGroups = try container.decodeIfPresent([StoreKitSubscriptionGroup].self,
                                                           forKey: .subscriptionGroups) ?? []
        settings = try container.decodeIfPresent([String: StoreKitJSONValue].self, forKey: .settings) ?? [:]
        version = try container.decodeIfPresent(Version.self, forKey: .version)
    }

    /// Decodes a `.storekit` file's bytes, naming the JSON path of any value that does not fit.
    public static func decode(_ data: Data) throws(StoreKitImportError) -> StoreKitConfiguration {
        // JSONSerialization says where the syntax breaks ("around character 14"); JSONDecoder
        // only that it does.
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw .invalidJSON(reason ?? "\(error)")
        }
        do {
            return try JSONDecoder().decode(StoreKitConfiguration.self, from: data)
        } catch let error as StoreKitImportError {
            throw error
        } catch let error as DecodingError {
            throw StoreKitImportError(error)
        } catch {
            throw .invalidJSON("\(error)")
        }
    }
}

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

/// A StoreKit subscription group: auto-renewable subscriptions a customer holds one of at a time,
/// ranked by `groupNumber`.
public struct StoreKitSubscriptionGroup: Hashable, Sendable, Decodable {
    public var id: String?
    public var name: String?
    public var localizations: [StoreKitLocalization]?
    public var subscriptions: [StoreKitSubscription]?
}

/// One locale's customer-facing name and description of a product or subscription group.
public struct StoreKitLocalization: Hashable, Sendable, Decodable {
    public var locale: String?
    public var displayName: String?
    public var description: String?
}

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
