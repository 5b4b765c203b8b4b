import Foundation
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// The restore sentence names what came back by display name, counts right and stays short.
struct RestoreWordingTests {
    typealias F = ViewModelsFixtures

    static func subscription(_ productID: String) -> RestoredSubscription {
        RestoredSubscription(id: "sub_\(productID)", planID: "pro", productID: productID, storeStatus: .active,
                             renewalState: .subscribed, hasBillingIssue: false, hasAccess: true, willAutoRenew: true,
                             expiresAt: F.start)
    }

    static func purchase(_ productID: String) -> RestoredPurchase {
        RestoredPurchase(id: "pur_\(productID)", productID: productID, transactionID: "tx_\(productID)",
                         purchasedAt: F.start, expiresAt: nil, isActive: true)
    }

    static func restored(_ subscriptions: [String], _ purchases: [String] = []) -> RestoreResult {
        RestoreResult(accountID: "acct_1", subscriptions: subscriptions.map(subscription),
                      nonConsumables: purchases.map(purchase), passes: [], restoredAt: F.start)
    }

    @Test func nothingRestoredSaysSo() {
        #expect(RestoreWording.summary(Self.restored([]), catalog: F.catalog) == "No purchases to restore.")
    }

    @Test func oneRestoredIsNamed() {
        #expect(RestoreWording.summary(Self.restored(["pro.yearly"]), catalog: F.catalog) == "Restored Pro Yearly.")
    }

    @Test func severalRestoredAreListed() {
        #expect(RestoreWording.summary(Self.restored(["pro.yearly"], ["themes.lifetime"]), catalog: F.catalog)
            == "Restored Pro Yearly and Theme pack.")
        #expect(RestoreWording.summary(Self.restored(["pro.yearly", "max.monthly"], ["themes.lifetime"]), catalog: F.catalog)
            == "Restored Pro Yearly, Max Monthly and Theme pack.")
    }

    @Test func aLongListNamesTheFirstAndCountsTheRest() {
        let restored = Self.restored(["pro.yearly", "max.monthly", "pro.monthly"], ["themes.lifetime"])
        #expect(RestoreWording.summary(restored, catalog: F.catalog) == "Restored Pro Yearly and 3 more purchases.")
    }

    @Test func aProductTheCatalogNoLongerSellsKeepsItsID() {
        #expect(RestoreWording.summary(Self.restored([], ["legacy.pack"]), catalog: F.catalog) == "Restored legacy.pack.")
        #expect(RestoreWording.summary(Self.restored(["pro.yearly"]), catalog: nil) == "Restored pro.yearly.")
    }
}
