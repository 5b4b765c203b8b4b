import Foundation

extension StoreKitCatalogAssembly {
    /// A subscription as imported, waiting for its level to become a plan.
    private struct LevelMember {
        var product: SubscriptionProduct
        var displayName: String
    }

    /// The group's plans by rank, Free first; no plans when nothing could be imported.
    mutating func importGroup(_ group: StoreKitSubscriptionGroup, index groupIndex: Int) -> [Plan] {
        let subscriptions = group.subscriptions ?? []
        if let localizations = group.localizations, !localizations.isEmpty {
            note("subscriptionGroups[\(groupIndex)] \(Self.describe(group))",
                 "group display names not imported: Kiosk shows plan names")
        }
        let topNumber = subscriptions.compactMap(\.groupNumber).filter { $0 >= 1 }.max() ?? 1
        var levels: [Int: [LevelMember]] = [:]
        for (index, subscription) in subscriptions.enumerated() {
            let subject = subscription.productID.map { "subscription '\($0)'" }
                ?? "subscriptionGroups[\(groupIndex)].subscriptions[\(index)]"
            if let (number, member) = importSubscription(subscription, subject: subject) {
                levels[number, default: []].append(member)
            }
        }
        guard !levels.isEmpty else { return [] }
        let freeID = planIDs.claim("free")
        var plans = [Plan(id: freeID, name: "Free", rank: 0)]
        for number in levels.keys.sorted(by: >) {
            let members = levels[number] ?? []
            let name = StoreKitNameInference.planName(from: members.map(\.displayName)) ?? "Level \(number)"
            let slug = StoreKitIdentifiers.slug(name)
            let id = planIDs.claim(slug.isEmpty ? "level-\(number)" : slug)
            let entitlement = declareEntitlement(id, name: name)
            plans.append(Plan(id: id, name: name, rank: topNumber - number + 1, entitlement: entitlement,
                              products: members.map(\.product)))
        }
        return plans
    }

    private mutating func importSubscription(_ subscription: StoreKitSubscription,
                                             subject: String) -> (Int, LevelMember)? {
        guard let id = claimProductID(subscription.productID, subject: subject) else { return nil }
        guard let number = subscription.groupNumber, number >= 1 else {
            note(subject, "no groupNumber (service level) of 1 or more; not imported")
            return nil
        }
        guard let periodText = subscription.recurringSubscriptionPeriod, let period = ISODuration(periodText) else {
            note(subject, "recurringSubscriptionPeriod \(subscription.recurringSubscriptionPeriod.map { "'\($0)'" } ?? "missing")"
                     + " is not an ISO 8601 duration such as P1M; not imported")
            return nil
        }
        guard let price = price(subscription.displayPrice, subject: subject) else { return nil }
        let intro = subscription.introductoryOffer.flatMap { importIntroOffer($0, productID: id) }
        for offer in subscription.adHocOffers ?? [] {
            note("adHocOffers '\(offer.offerID ?? offer.referenceName ?? "?")' on '\(id)'",
                 "promotional offers are not supported; not imported")
        }
        for offer in subscription.codeOffers ?? [] {
            note("codeOffers '\(offer.referenceName ?? offer.internalID ?? "?")' on '\(id)'",
                 "StoreKit code offers have no fixed code; not imported (add an 'offer-codes' entry by hand)")
        }
        if let winback = subscription.winbackOffers, !winback.isEmpty {
            note("winbackOffers on '\(id)'", "\(winback.count) win-back offer\(winback.count == 1 ? "" : "s") "
                     + "not imported: Kiosk has no win-back offers")
        }
        noteFamilySharing(subscription.familyShareable, subject: subject)
        let localization = localization(subscription.localizations, subject: subject)
        let displayName = [localization?.displayName, subscription.referenceName]
            .compactMap { $0?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? id
        return (number, LevelMember(product: SubscriptionProduct(id: id, period: period, price: price, intro: intro),
                                    displayName: displayName))
    }

    /// StoreKit's intro offer as Kiosk's: `free` → free trial and `payUpFront` → pay up front,
    /// each covering numberOfPeriods × subscriptionPeriod; `payAsYouGo` → pay as you go for
    /// numberOfPeriods periods of subscriptionPeriod.
    private mutating func importIntroOffer(_ offer: StoreKitOffer, productID: String) -> IntroOffer? {
        let subject = "introductoryOffer on '\(productID)'"
        let count = offer.numberOfPeriods ?? 1
        guard let periodText = offer.subscriptionPeriod, let period = ISODuration(periodText),
              let whole = StoreKitNameInference.scaled(period, by: count) else {
            note(subject, "subscriptionPeriod \(offer.subscriptionPeriod.map { "'\($0)'" } ?? "missing") × "
                     + "numberOfPeriods \(count) is not a usable ISO 8601 duration; the subscription is imported "
                     + "without an intro offer")
            return nil
        }
        switch offer.paymentMode {
        case "free":
            return IntroOffer(type: .freeTrial, period: whole)
        case "payUpFront":
            return price(offer.displayPrice, subject: subject)
                .map { IntroOffer(type: .payUpFront, period: whole, price: $0) }
        case "payAsYouGo":
            return price(offer.displayPrice, subject: subject)
                .map { IntroOffer(type: .payAsYouGo, period: period, price: $0, periods: count) }
        default:
            note(subject, "paymentMode \(offer.paymentMode.map { "'\($0)'" } ?? "missing") is not free, payUpFront "
                     + "or payAsYouGo; the subscription is imported without an intro offer")
            return nil
        }
    }
}
