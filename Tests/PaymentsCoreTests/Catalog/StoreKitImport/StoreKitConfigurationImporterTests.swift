import Foundation
import Testing
@testable import PaymentsCore

@Suite struct StoreKitConfigurationImporterTests {
    @Test func studioBecomesRankedPlansAndOneTimeProducts() throws {
        let imported = try StoreKitFixtures.convert(StoreKitFixtures.studio)
        let expected = Catalog(
            name: "Studio", currency: .usd, group: "21500001",
            entitlements: [
                EntitlementDefinition(id: "pro", name: "Pro"),
                EntitlementDefinition(id: "max", name: "Max"),
                EntitlementDefinition(id: "studio.themes", name: "Theme Pack"),
                EntitlementDefinition(id: "studio.season.3months", name: "Season Pass"),
            ],
            plans: [
                Plan(id: "free", name: "Free", rank: 0),
                Plan(id: "pro", name: "Pro", rank: 1, entitlement: "pro", products: [
                    SubscriptionProduct(id: "studio.pro.monthly", period: ISODuration(months: 1), price: 999,
                                        intro: IntroOffer(type: .freeTrial, period: ISODuration(weeks: 1))),
                    SubscriptionProduct(id: "studio.pro.yearly", period: ISODuration(years: 1), price: 9999),
                ]),
                Plan(id: "max", name: "Max", rank: 2, entitlement: "max", products: [
                    SubscriptionProduct(id: "studio.max.monthly", period: ISODuration(months: 1), price: 1999,
                                        intro: IntroOffer(type: .payAsYouGo, period: ISODuration(months: 1),
                                                          price: 499, periods: 3)),
                    SubscriptionProduct(id: "studio.max.yearly", period: ISODuration(years: 1), price: 19999,
                                        intro: IntroOffer(type: .payUpFront, period: ISODuration(months: 3),
                                                          price: 4999)),
                ]),
            ],
            products: [
                OneTimeProduct(id: "studio.coins.100", type: .consumable, name: "100 Coins", price: 99, points: 100),
                OneTimeProduct(id: "studio.gems", type: .consumable, name: "Gem Pack", price: 499, points: 1),
                OneTimeProduct(id: "studio.themes", type: .nonConsumable, name: "Theme Pack", price: 1499,
                               entitlement: "studio.themes"),
                OneTimeProduct(id: "studio.season.3months", type: .nonRenewing, name: "Season Pass", price: 2999,
                               duration: ISODuration(months: 3), entitlement: "studio.season.3months"),
            ])
        #expect(imported.catalog == expected)
    }

    @Test func everythingLeftOutOrInferredIsNoted() throws {
        let notes = try StoreKitFixtures.convert(StoreKitFixtures.studio).notes.map(\.description)
        #expect(notes == [
            "adHocOffers 'comeback' on 'studio.max.monthly': promotional offers are not supported; not imported",
            "codeOffers 'Half year' on 'studio.max.yearly': StoreKit code offers have no fixed code; not imported "
                + "(add an 'offer-codes' entry by hand)",
            "subscription 'studio.max.yearly': familyShareable: Kiosk does not simulate Family Sharing; imported "
                + "for the buyer only",
            "subscriptionGroups[1] 'Family' (21500002): Kiosk catalogs have one subscription group; not imported "
                + "(1 subscription); import it on its own with --group 'Family'",
            "product 'studio.coins.100': points 100 read from the product id 'studio.coins.100'; check the number "
                + "of points a purchase credits",
            "product 'studio.gems': no number of points in the product id or names; set to 1 point",
            "product 'studio.themes': familyShareable: Kiosk does not simulate Family Sharing; imported for the "
                + "buyer only",
            "product 'studio.themes': localization de_DE not imported; the catalog uses en_US",
            "product 'studio.season.3months': duration P3M read from the product id 'studio.season.3months'; "
                + "check how long the pass lasts",
            "product 'studio.supporter': non-renewing subscriptions need a duration in Kiosk, and none (such as "
                + "'3months' or 'annual') is in the product id or names; not imported",
            "settings._askToBuyEnabled = true: a store control, not part of the catalog: "
                + "`kiosk store controls --ask-to-buy on`",
            "settings._storeKitErrors: simulated StoreKit errors (Purchase) are not part of the catalog; use store "
                + "controls and test cards",
            "settings._timeRate = 6: Kiosk uses test clocks instead (advance a clock to run renewals); not imported",
            "descriptions: 5 product descriptions not imported: Kiosk catalogs have no product descriptions",
        ])
    }

    @Test func choosingTheSecondGroupImportsItAndNotesTheFirst() throws {
        let imported = try StoreKitFixtures.convert(StoreKitFixtures.studio, group: "21500002")
        #expect(imported.catalog.group == "21500002")
        #expect(imported.catalog.plans.map(\.id) == ["free", "family"])
        #expect(imported.catalog.plans.last?.products.map(\.id) == ["studio.family.monthly"])
        #expect(imported.notes.map(\.description).contains(
            "subscriptionGroups[0] 'Studio' (21500001): Kiosk catalogs have one subscription group; not imported "
                + "(4 subscriptions); import it on its own with --group 'Studio'"))
        let byName = try StoreKitFixtures.convert(StoreKitFixtures.studio, group: "Family")
        #expect(byName.catalog == imported.catalog)
    }

    @Test func anUnknownGroupNamesTheGroupsThereAre() {
        let error = StoreKitFixtures.failure(StoreKitFixtures.studio, group: "Team")
        #expect(error == .unknownGroup("Team", available: ["'Studio' (21500001)", "'Family' (21500002)"]))
        #expect(error?.description
            == "no subscription group 'Team' in the file; groups: 'Studio' (21500001), 'Family' (21500002)")
    }

    @Test func groupNumberOneIsTheHighestRankAndEqualNumbersShareAPlan() throws {
        let json = """
            {"subscriptionGroups": [{"id": "g", "name": "Tiers", "subscriptions": [
              {"productID": "basic.m", "groupNumber": 4, "displayPrice": "1.99", "recurringSubscriptionPeriod": "P1M",
               "referenceName": "Basic Monthly"},
              {"productID": "gold.m", "groupNumber": 1, "displayPrice": "9.99", "recurringSubscriptionPeriod": "P1M",
               "referenceName": "Gold Monthly"},
              {"productID": "silver.m", "groupNumber": 2, "displayPrice": "4.99", "recurringSubscriptionPeriod": "P1M",
               "referenceName": "Silver Monthly"},
              {"productID": "silver.y", "groupNumber": 2, "displayPrice": "49.99", "recurringSubscriptionPeriod": "P1Y",
               "referenceName": "Silver Yearly"}
            ]}], "settings": {"_storefront": "USA"}}
            """
        let plans = try StoreKitFixtures.convert(json).catalog.plans
        #expect(plans.map(\.id) == ["free", "basic", "silver", "gold"])
        #expect(plans.map(\.rank) == [0, 1, 3, 4])
        #expect(plans.map(\.entitlement) == [nil, "basic", "silver", "gold"])
        #expect(plans[2].products.map(\.id) == ["silver.m", "silver.y"])
    }

    @Test func planNamesFallBackToTheLevelAndNeverTakeTheFreeId() throws {
        let json = """
            {"subscriptionGroups": [{"id": "g", "name": "Tiers", "subscriptions": [
              {"productID": "a", "groupNumber": 1, "displayPrice": "1.99", "recurringSubscriptionPeriod": "P1M",
               "localizations": [{"locale": "ja_JP", "displayName": "月額"}]},
              {"productID": "b", "groupNumber": 2, "displayPrice": "0.99", "recurringSubscriptionPeriod": "P1M",
               "referenceName": "Free Monthly"}
            ]}], "settings": {"_storefront": "USA", "_locale": "ja_JP"}}
            """
        let plans = try StoreKitFixtures.convert(json).catalog.plans
        #expect(plans.map(\.id) == ["free", "free-2", "level-1"])
        #expect(plans.map(\.name) == ["Free", "Free", "月額"])
    }

    @Test func introOffersMapToKioskIntroKinds() throws {
        func intro(_ offer: String) throws -> (IntroOffer?, [String]) {
            let imported = try StoreKitFixtures.convert(StoreKitFixtures.subscription(intro: offer))
            return (imported.catalog.plans.last?.products.first?.intro, imported.notes.map(\.description))
        }
        #expect(try intro(#"{"paymentMode": "free", "subscriptionPeriod": "P1W", "numberOfPeriods": 2}"#).0
            == IntroOffer(type: .freeTrial, period: ISODuration(weeks: 2)))
        #expect(try intro(#"{"paymentMode": "free", "subscriptionPeriod": "P3D", "displayPrice": "0"}"#).0
            == IntroOffer(type: .freeTrial, period: ISODuration(days: 3)))
        #expect(try intro(#"{"paymentMode": "payUpFront", "subscriptionPeriod": "P6M", "displayPrice": "19.99"}"#).0
            == IntroOffer(type: .payUpFront, period: ISODuration(months: 6), price: 1999))
        #expect(try intro(#"{"paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "numberOfPeriods": 6, "#
                          + #""displayPrice": "0.49"}"#).0
            == IntroOffer(type: .payAsYouGo, period: ISODuration(months: 1), price: 49, periods: 6))

        let unknown = try intro(#"{"paymentMode": "halfOff", "subscriptionPeriod": "P1M"}"#)
        #expect(unknown.0 == nil)
        #expect(unknown.1.contains("introductoryOffer on 'plus.monthly': paymentMode 'halfOff' is not free, "
            + "payUpFront or payAsYouGo; the subscription is imported without an intro offer"))
        let badPrice = try intro(#"{"paymentMode": "payUpFront", "subscriptionPeriod": "P1M", "displayPrice": "1.999"}"#)
        #expect(badPrice.0 == nil)
        #expect(badPrice.1.contains("introductoryOffer on 'plus.monthly': price '1.999' has more decimals than USD "
            + "allows (2); not rounded; not imported"))
        let badPeriod = try intro(#"{"paymentMode": "free", "subscriptionPeriod": "1 week"}"#)
        #expect(badPeriod.0 == nil)
        #expect(badPeriod.1.contains("introductoryOffer on 'plus.monthly': subscriptionPeriod '1 week' × "
            + "numberOfPeriods 1 is not a usable ISO 8601 duration; the subscription is imported without an intro offer"))
    }

    @Test func yenPricesAreWholeYen() throws {
        let imported = try StoreKitFixtures.convert(StoreKitFixtures.yen())
        #expect(imported.catalog.currency == .jpy)
        #expect(imported.catalog.products.map(\.price) == [120, 1200])
        #expect(try StoreKitFixtures.convert(StoreKitFixtures.yen(coinsPrice: "120.0")).catalog.products.first?.price
            == 120)
    }

    @Test func aYenPriceWithAFractionIsLeftOutNotRounded() throws {
        let imported = try StoreKitFixtures.convert(StoreKitFixtures.yen(coinsPrice: "1.5"))
        #expect(imported.catalog.products.map(\.id) == ["unlock"])
        #expect(imported.notes.map(\.description).first
            == "product 'coins.50': price '1.5' has more decimals than JPY allows (0); not rounded; not imported")
    }

    @Test func aPriceWithAThousandsSeparatorIsLeftOut() throws {
        let imported = try StoreKitFixtures.convert(StoreKitFixtures.yen(passPrice: "1,200"))
        #expect(imported.catalog.products.map(\.id) == ["coins.50"])
        #expect(imported.notes.map(\.description).contains(
            "product 'unlock': price '1,200' is not a plain decimal number such as 0.99 or 120; not imported"))
    }

    @Test func theCurrencyOptionOverridesTheStorefront() throws {
        let imported = try StoreKitFixtures.convert(StoreKitFixtures.yen(coinsPrice: "1.5"), currency: .eur)
        #expect(imported.catalog.currency == .eur)
        #expect(imported.catalog.products.map(\.price) == [150, 120_000])
    }

    @Test func aMissingOrUnknownStorefrontIsReadAsDollarsWithANote() throws {
        let missing = try StoreKitFixtures.convert(#"{"products": [], "settings": {}}"#)
        #expect(missing.catalog.currency == .usd)
        #expect(missing.notes.map(\.description) == ["settings._storefront: not set; prices read as USD"])
        let unknown = try StoreKitFixtures.convert(#"{"settings": {"_storefront": "ATA"}}"#)
        #expect(unknown.notes.map(\.description) == [
            "settings._storefront = 'ATA': storefront not known to the importer; prices read as USD (choose the "
                + "currency if that is wrong)",
        ])
        #expect(try StoreKitFixtures.convert(#"{"settings": {"_storefront": "GBR"}}"#).catalog.currency == .gbp)
    }

    @Test func settingsAskingForSomethingAreNotedWhateverTheirType() throws {
        let json = """
            {"settings": {"_storefront": "USA", "_timeRate": "monthlyRenewalEveryThirtySeconds",
             "_billingGracePeriodEnabled": true, "_failTransactionsEnabled": false, "_newXcodeThing": 3,
             "_storeKitErrors": [{"name": "Load Products", "enabled": false}]}}
            """
        #expect(try StoreKitFixtures.convert(json).notes.map(\.description) == [
            "settings._billingGracePeriodEnabled = true: the billing grace period is a store setting (on by default, "
                + "16 days), not part of the catalog",
            "settings._newXcodeThing = 3: not a catalog setting; not imported",
            "settings._timeRate = 'monthlyRenewalEveryThirtySeconds': Kiosk uses test clocks instead (advance a clock "
                + "to run renewals); not imported",
        ])
    }

    @Test func brokenProductsAreLeftOutOneByOne() throws {
        let json = """
            {"settings": {"_storefront": "USA"}, "products": [
              {"displayPrice": "0.99", "type": "Consumable", "referenceName": "No id"},
              {"productID": "coins 10", "displayPrice": "0.99", "type": "Consumable"},
              {"productID": "coins.10", "displayPrice": "0.99", "type": "Consumable"},
              {"productID": "coins.10", "displayPrice": "1.99", "type": "Consumable"},
              {"productID": "mystery", "displayPrice": "1.99", "type": "Bundle"},
              {"productID": "unpriced", "type": "NonConsumable"},
              {"productID": "auto", "displayPrice": "1.99", "type": "RecurringSubscription"}
            ]}
            """
        let imported = try StoreKitFixtures.convert(json)
        #expect(imported.catalog.products.map(\.id) == ["coins.10"])
        #expect(imported.notes.map(\.description) == [
            "products[0]: no productID; not imported",
            "product 'coins 10': productID 'coins 10' contains spaces; not imported",
            "product 'coins.10': points 10 read from the product id 'coins.10'; check the number of points a "
                + "purchase credits",
            "product 'coins.10': productID 'coins.10' is used twice; only the first is imported",
            "product 'mystery': type 'Bundle' is not Consumable, NonConsumable or NonRenewingSubscription; not imported",
            "product 'unpriced': no displayPrice; not imported",
            "product 'auto': an auto-renewable subscription outside 'subscriptionGroups' has no service level; "
                + "not imported",
        ])
    }

    @Test func brokenSubscriptionsAreLeftOutAndWinBackOffersNoted() throws {
        let json = """
            {"settings": {"_storefront": "USA"}, "subscriptionGroups": [{"id": "g", "name": "Plus",
              "localizations": [{"locale": "en_US", "displayName": "Plus"}], "subscriptions": [
              {"productID": "no.level", "displayPrice": "0.99", "recurringSubscriptionPeriod": "P1M"},
              {"productID": "bad.period", "groupNumber": 1, "displayPrice": "0.99", "recurringSubscriptionPeriod": "monthly"},
              {"productID": "plus.m", "groupNumber": 1, "displayPrice": "0.99", "recurringSubscriptionPeriod": "P1M",
               "winbackOffers": [{"offerID": "w1"}, {"offerID": "w2"}]}
            ]}]}
            """
        let imported = try StoreKitFixtures.convert(json)
        #expect(imported.catalog.plans.flatMap(\.products).map(\.id) == ["plus.m"])
        #expect(imported.notes.map(\.description) == [
            "subscriptionGroups[0] 'Plus' (g): group display names not imported: Kiosk shows plan names",
            "subscription 'no.level': no groupNumber (service level) of 1 or more; not imported",
            "subscription 'bad.period': recurringSubscriptionPeriod 'monthly' is not an ISO 8601 duration such as P1M; "
                + "not imported",
            "winbackOffers on 'plus.m': 2 win-back offers not imported: Kiosk has no win-back offers",
        ])
    }

    @Test func aFileWithoutSubscriptionsHasNoPlans() throws {
        let imported = try StoreKitFixtures.convert(StoreKitFixtures.yen())
        #expect(imported.catalog.plans.isEmpty)
        #expect(imported.catalog.group == "plans")
        #expect(imported.catalog.features.isEmpty)
    }

    @Test func aNewerFormatVersionIsNoted() throws {
        let imported = try StoreKitFixtures.convert(#"{"settings": {"_storefront": "USA"}, "version": {"major": 9, "minor": 1}}"#)
        #expect(imported.notes.map(\.description) == [
            "version 9.1: newer than the StoreKit configuration format this importer knows (4); unrecognised parts "
                + "are ignored",
        ])
    }

    @Test func aBlankNameBecomesAUsableOne() throws {
        #expect(try StoreKitFixtures.convert(StoreKitFixtures.yen(), name: "  ").catalog.name == "Imported store")
        #expect(try StoreKitFixtures.convert(StoreKitFixtures.yen(), name: " Notes ").catalog.name == "Notes")
    }
}
