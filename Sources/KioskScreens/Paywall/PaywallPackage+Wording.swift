import KioskViewModels

/// The short cells of a package row; the full sentence stays in `priceText` for the detail line.
extension PaywallPackage {
    /// "$99.99/year" or "$14.99 once".
    var shortPrice: String {
        if case let .subscription(period) = kind { return PriceWording.recurring(price, every: period) }
        return "\(price.formatted()) once"
    }

    /// "$8.33/mo" for periods longer than a month, else empty.
    var perMonth: String {
        guard let equivalent = monthlyEquivalent, case let .subscription(period) = kind, period.wholeMonths != 1 else { return "" }
        return "\(equivalent.perMonth.formatted())/mo"
    }

    /// "save 17%, free trial, current plan": everything that sets this package apart.
    func badges(in content: PaywallContent) -> [String] {
        var badges: [String] = []
        if let saving = monthlyEquivalent?.savingPercent { badges.append("save \(saving)%") }
        if hasFreeTrial {
            badges.append("free trial")
        } else if introOfferText != nil {
            badges.append("intro offer")
        }
        if content.subscribedProductID == productID {
            badges.append("current plan")
        } else if content.scheduledProductID == productID {
            badges.append("scheduled")
        } else if content.plan.grantingProductID == productID || content.ownedProductIDs.contains(productID) {
            badges.append("owned")
        }
        return badges
    }
}
