import Foundation

extension StoreKitCatalogAssembly {
    /// Where a one-time product was listed: `products` holds consumables and non-consumables,
    /// `nonRenewingSubscriptions` the passes.
    enum OneTimeSection {
        case products
        case nonRenewing
    }

    mutating func importOneTimeProduct(_ product: StoreKitProduct, subject position: String,
                                       section: OneTimeSection) -> OneTimeProduct? {
        let subject = product.productID.map { "product '\($0)'" } ?? position
        guard let kind = kind(of: product, section: section, subject: subject),
              let id = claimProductID(product.productID, subject: subject) else { return nil }
        guard let price = price(product.displayPrice, subject: subject) else { return nil }
        noteFamilySharing(product.familyShareable, subject: subject)
        let localization = localization(product.localizations, subject: subject)
        let name = [localization?.displayName, product.referenceName]
            .compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty } ?? id
        let names = [("the reference name", product.referenceName), ("the display name", localization?.displayName)]
            .compactMap { label, text in text.map { StoreKitNameInference.Source(label: "\(label) '\($0)'", text: $0) } }
        switch kind {
        case .consumable:
            let points: Int64
            // Only the id's last part: "com.app2.coins" must not read as 2 points.
            let idEnd = StoreKitNameInference.Source(label: "the product id '\(id)'",
                                                     text: String(id.split(separator: ".").last ?? ""))
            if let inferred = StoreKitNameInference.points(in: [idEnd] + names) {
                points = inferred.points
                note(subject, "points \(points) read from \(inferred.source.label); "
                         + "check the number of points a purchase credits")
            } else {
                points = 1
                note(subject, "no number of points in the product id or names; set to 1 point")
            }
            return OneTimeProduct(id: id, type: .consumable, name: name, price: price, points: points)
        case .nonConsumable:
            return OneTimeProduct(id: id, type: .nonConsumable, name: name, price: price,
                                  entitlement: declareEntitlement(id, name: name))
        case .nonRenewing:
            let fullID = StoreKitNameInference.Source(label: "the product id '\(id)'", text: id)
            guard let inferred = StoreKitNameInference.duration(in: [fullID] + names) else {
                note(subject, "non-renewing subscriptions need a duration in Kiosk, and none (such as '3months' or "
                         + "'annual') is in the product id or names; not imported")
                return nil
            }
            note(subject, "duration \(inferred.duration) read from \(inferred.source.label); "
                     + "check how long the pass lasts")
            return OneTimeProduct(id: id, type: .nonRenewing, name: name, price: price, duration: inferred.duration,
                                  entitlement: declareEntitlement(id, name: name))
        }
    }

    /// The Kiosk kind for a StoreKit `type`; an entry in `nonRenewingSubscriptions` is a pass
    /// whatever its type says.
    private mutating func kind(of product: StoreKitProduct, section: OneTimeSection,
                               subject: String) -> OneTimeProduct.Kind? {
        if section == .nonRenewing { return .nonRenewing }
        switch product.type {
        case "Consumable": return .consumable
        case "NonConsumable": return .nonConsumable
        case "NonRenewingSubscription": return .nonRenewing
        case "RecurringSubscription":
            note(subject, "an auto-renewable subscription outside 'subscriptionGroups' has no service level; "
                     + "not imported")
        default:
            note(subject, "type \(product.type.map { "'\($0)'" } ?? "missing") is not Consumable, NonConsumable "
                     + "or NonRenewingSubscription; not imported")
        }
        return nil
    }
}
