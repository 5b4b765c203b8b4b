import Foundation

/// StoreKit configuration files for the `kiosk catalog import` end-to-end tests.
enum StoreKitImportCLIFixtures {
    /// Two levels in one group, a points pack and one setting that is not part of a catalog.
    static let notes = """
        {
          "products" : [
            { "displayPrice" : "1.99", "familyShareable" : false, "internalID" : "1",
              "localizations" : [ { "description" : "", "displayName" : "250 Stars", "locale" : "en_US" } ],
              "productID" : "notes.stars", "referenceName" : "Stars", "type" : "Consumable" }
          ],
          "settings" : { "_askToBuyEnabled" : true, "_locale" : "en_US", "_storefront" : "GBR", "_timeRate" : 0 },
          "subscriptionGroups" : [ {
            "id" : "30000001", "localizations" : [], "name" : "Notes",
            "subscriptions" : [
              { "adHocOffers" : [], "codeOffers" : [], "displayPrice" : "2.49", "familyShareable" : false,
                "groupNumber" : 2, "internalID" : "2",
                "introductoryOffer" : { "internalID" : "3", "numberOfPeriods" : 1, "paymentMode" : "free",
                                        "subscriptionPeriod" : "P2W" },
                "localizations" : [ { "description" : "", "displayName" : "Plus Monthly", "locale" : "en_US" } ],
                "productID" : "notes.plus.monthly", "recurringSubscriptionPeriod" : "P1M",
                "referenceName" : "Plus Monthly", "subscriptionGroupID" : "30000001", "type" : "RecurringSubscription" },
              { "adHocOffers" : [], "codeOffers" : [], "displayPrice" : "5.99", "familyShareable" : false,
                "groupNumber" : 1, "internalID" : "4",
                "localizations" : [ { "description" : "", "displayName" : "Team Monthly", "locale" : "en_US" } ],
                "productID" : "notes.team.monthly", "recurringSubscriptionPeriod" : "P1M",
                "referenceName" : "Team Monthly", "subscriptionGroupID" : "30000001", "type" : "RecurringSubscription" }
            ]
          } ],
          "version" : { "major" : 4, "minor" : 0 }
        }
        """

    static let expectedNotes = [
        "Notes.storekit: note: product 'notes.stars': points 250 read from the display name '250 Stars'; "
            + "check the number of points a purchase credits",
        "Notes.storekit: note: settings._askToBuyEnabled = true: a store control, not part of the catalog: "
            + "`kiosk store controls --ask-to-buy on`",
    ]

    static let expectedCatalog = """
        catalog: 1
        name: Notes
        currency: GBP
        group: "30000001"

        entitlements:
          - {id: plus, name: Plus}
          - {id: team, name: Team}

        plans:
          - id: free
            name: Free
            rank: 0
          - id: plus
            name: Plus
            rank: 1
            entitlement: plus
            products:
              - {id: notes.plus.monthly, period: P1M, price: 249, intro: {type: free-trial, period: P2W}}
          - id: team
            name: Team
            rank: 2
            entitlement: team
            products:
              - {id: notes.team.monthly, period: P1M, price: 599}

        products:
          - {id: notes.stars, type: consumable, name: "250 Stars", price: 199, points: 250}

        """

    /// A fresh directory holding Notes.storekit, removed by the caller's `defer`.
    static func directoryWithNotes() throws -> URL {
        let directory = try CatalogCLI.makeTemporaryDirectory()
        try notes.write(to: directory.appendingPathComponent("Notes.storekit"), atomically: true, encoding: .utf8)
        return directory
    }
}
