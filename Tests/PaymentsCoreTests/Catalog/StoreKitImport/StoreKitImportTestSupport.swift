import Foundation
import Testing
@testable import PaymentsCore

/// StoreKit configuration files written for these tests, in the shape Xcode saves them.
enum StoreKitFixtures {
    /// A studio app: two levels (Max above Pro) sold monthly and yearly in one group, a second
    /// group, consumables, a non-consumable, two non-renewing passes and test-session settings.
    static let studio = """
        {
          "identifier" : "5D1C9B7E",
          "nonRenewingSubscriptions" : [
            {
              "displayPrice" : "29.99",
              "familyShareable" : false,
              "internalID" : "6500000010",
              "localizations" : [
                { "description" : "Everything for one season.", "displayName" : "Season Pass", "locale" : "en_US" }
              ],
              "productID" : "studio.season.3months",
              "referenceName" : "Season Pass",
              "type" : "NonRenewingSubscription"
            },
            {
              "displayPrice" : "9.99",
              "familyShareable" : false,
              "internalID" : "6500000011",
              "localizations" : [
                { "description" : "", "displayName" : "Supporter", "locale" : "en_US" }
              ],
              "productID" : "studio.supporter",
              "referenceName" : "Supporter Pass",
              "type" : "NonRenewingSubscription"
            }
          ],
          "products" : [
            {
              "displayPrice" : "0.99",
              "familyShareable" : false,
              "internalID" : "6500000001",
              "localizations" : [
                { "description" : "A handful of coins.", "displayName" : "100 Coins", "locale" : "en_US" }
              ],
              "productID" : "studio.coins.100",
              "referenceName" : "Coins 100",
              "type" : "Consumable"
            },
            {
              "displayPrice" : "4.99",
              "familyShareable" : false,
              "internalID" : "6500000002",
              "localizations" : [
                { "description" : "", "displayName" : "Gem Pack", "locale" : "en_US" }
              ],
              "productID" : "studio.gems",
              "referenceName" : "Gem Pack",
              "type" : "Consumable"
            },
            {
              "displayPrice" : "14.99",
              "familyShareable" : true,
              "internalID" : "6500000003",
              "localizations" : [
                { "description" : "Every theme, forever.", "displayName" : "Theme Pack", "locale" : "en_US" },
                { "description" : "Alle Themen.", "displayName" : "Themenpaket", "locale" : "de_DE" }
              ],
              "productID" : "studio.themes",
              "referenceName" : "Themes",
              "type" : "NonConsumable"
            }
          ],
          "settings" : {
            "_applicationInternalID" : "6499999999",
            "_askToBuyEnabled" : true,
            "_billingGracePeriodEnabled" : false,
            "_billingIssuesEnabled" : false,
            "_developerTeamID" : "ABCDE12345",
            "_disableDialogs" : false,
            "_failTransactionsEnabled" : false,
            "_lastSynchronizedDate" : 752000000.5,
            "_locale" : "en_US",
            "_renewalBillingIssuesEnabled" : false,
            "_storefront" : "USA",
            "_storeKitErrors" : [
              { "current" : null, "enabled" : false, "name" : "Load Products" },
              { "current" : { "index" : 0, "type" : "generic" }, "enabled" : true, "name" : "Purchase" }
            ],
            "_timeRate" : 6
          },
          "subscriptionGroups" : [
            {
              "id" : "21500001",
              "localizations" : [],
              "name" : "Studio",
              "subscriptions" : [
                {
                  "adHocOffers" : [],
                  "codeOffers" : [],
                  "displayPrice" : "9.99",
                  "familyShareable" : false,
                  "groupNumber" : 2,
                  "internalID" : "6500000101",
                  "introductoryOffer" : {
                    "internalID" : "6500000201",
                    "numberOfPeriods" : 1,
                    "paymentMode" : "free",
                    "subscriptionPeriod" : "P1W"
                  },
                  "localizations" : [
                    { "description" : "Pro features, billed monthly.", "displayName" : "Pro Monthly", "locale" : "en_US" }
                  ],
                  "productID" : "studio.pro.monthly",
                  "recurringSubscriptionPeriod" : "P1M",
                  "referenceName" : "Pro Monthly",
                  "subscriptionGroupID" : "21500001",
                  "type" : "RecurringSubscription"
                },
                {
                  "adHocOffers" : [],
                  "codeOffers" : [],
                  "displayPrice" : "99.99",
                  "familyShareable" : false,
                  "groupNumber" : 2,
                  "internalID" : "6500000102",
                  "localizations" : [
                    { "description" : "Pro features, billed yearly.", "displayName" : "Pro Yearly", "locale" : "en_US" }
                  ],
                  "productID" : "studio.pro.yearly",
                  "recurringSubscriptionPeriod" : "P1Y",
                  "referenceName" : "Pro Yearly",
                  "subscriptionGroupID" : "21500001",
                  "type" : "RecurringSubscription"
                },
                {
                  "adHocOffers" : [
                    {
                      "displayPrice" : "9.99",
                      "internalID" : "6500000301",
                      "numberOfPeriods" : 2,
                      "offerID" : "comeback",
                      "paymentMode" : "payAsYouGo",
                      "referenceName" : "Come back",
                      "subscriptionPeriod" : "P1M"
                    }
                  ],
                  "codeOffers" : [],
                  "displayPrice" : "19.99",
                  "familyShareable" : false,
                  "groupNumber" : 1,
                  "internalID" : "6500000103",
                  "introductoryOffer" : {
                    "displayPrice" : "4.99",
                    "internalID" : "6500000202",
                    "numberOfPeriods" : 3,
                    "paymentMode" : "payAsYouGo",
                    "subscriptionPeriod" : "P1M"
                  },
                  "localizations" : [
                    { "description" : "", "displayName" : "Max Monthly", "locale" : "en_US" }
                  ],
                  "productID" : "studio.max.monthly",
                  "recurringSubscriptionPeriod" : "P1M",
                  "referenceName" : "Max Monthly",
                  "subscriptionGroupID" : "21500001",
                  "type" : "RecurringSubscription"
                },
                {
                  "adHocOffers" : [],
                  "codeOffers" : [
                    {
                      "displayPrice" : "99.99",
                      "eligibility" : [ "new", "expired" ],
                      "internalID" : "6500000401",
                      "isStackable" : false,
                      "numberOfPeriods" : 1,
                      "paymentMode" : "payUpFront",
                      "referenceName" : "Half year",
                      "subscriptionPeriod" : "P6M"
                    }
                  ],
                  "displayPrice" : "199.99",
                  "familyShareable" : true,
                  "groupNumber" : 1,
                  "internalID" : "6500000104",
                  "introductoryOffer" : {
                    "displayPrice" : "49.99",
                    "internalID" : "6500000203",
                    "numberOfPeriods" : 1,
                    "paymentMode" : "payUpFront",
                    "subscriptionPeriod" : "P3M"
                  },
                  "localizations" : [
                    { "description" : "", "displayName" : "Max Yearly", "locale" : "en_US" }
                  ],
                  "productID" : "studio.max.yearly",
                  "recurringSubscriptionPeriod" : "P1Y",
                  "referenceName" : "Max Yearly",
                  "subscriptionGroupID" : "21500001",
                  "type" : "RecurringSubscription"
                }
              ]
            },
            {
              "id" : "21500002",
              "localizations" : [],
              "name" : "Family",
              "subscriptions" : [
                {
                  "adHocOffers" : [],
                  "codeOffers" : [],
                  "displayPrice" : "14.99",
                  "familyShareable" : true,
                  "groupNumber" : 1,
                  "internalID" : "6500000105",
                  "localizations" : [
                    { "description" : "", "displayName" : "Family Monthly", "locale" : "en_US" }
                  ],
                  "productID" : "studio.family.monthly",
                  "recurringSubscriptionPeriod" : "P1M",
                  "referenceName" : "Family Monthly",
                  "subscriptionGroupID" : "21500002",
                  "type" : "RecurringSubscription"
                }
              ]
            }
          ],
          "version" : {
            "major" : 4,
            "minor" : 0
          }
        }
        """

    /// A Japanese storefront file: yen have no minor unit, so "120" is 120 and "1.5" is refused.
    static func yen(coinsPrice: String = "120", passPrice: String = "1200") -> String {
        """
        {
          "products" : [
            { "displayPrice" : "\(coinsPrice)", "productID" : "coins.50", "referenceName" : "50 Coins",
              "type" : "Consumable", "localizations" : [] },
            { "displayPrice" : "\(passPrice)", "productID" : "unlock", "referenceName" : "Unlock",
              "type" : "NonConsumable", "localizations" : [] }
          ],
          "settings" : { "_storefront" : "JPN", "_locale" : "ja_JP" },
          "subscriptionGroups" : [],
          "version" : { "major" : 4, "minor" : 0 }
        }
        """
    }

    /// A file with one subscription whose fields tests vary.
    static func subscription(displayPrice: String = #""9.99""#, intro: String = "null",
                             extra: String = "") -> String {
        """
        {
          "settings" : { "_storefront" : "USA" },
          "subscriptionGroups" : [ {
            "id" : "g1", "name" : "Plus",
            "subscriptions" : [ {
              "displayPrice" : \(displayPrice), "groupNumber" : 1, "introductoryOffer" : \(intro),
              "productID" : "plus.monthly", "recurringSubscriptionPeriod" : "P1M",
              "referenceName" : "Plus Monthly", "type" : "RecurringSubscription"\(extra)
            } ]
          } ]
        }
        """
    }

    static func convert(_ json: String, name: String = "Studio", currency: Currency? = nil,
                        group: String? = nil) throws -> StoreKitImport {
        try StoreKitConfigurationImporter.convert(json: Data(json.utf8),
                                                  options: StoreKitImportOptions(name: name, currency: currency,
                                                                                 group: group))
    }

    /// The error converting `json` throws, failing the test when it converts.
    static func failure(_ json: String, group: String? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) -> StoreKitImportError? {
        do {
            _ = try convert(json, group: group)
            Issue.record("expected the import to fail", sourceLocation: sourceLocation)
            return nil
        } catch let error as StoreKitImportError {
            return error
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}
