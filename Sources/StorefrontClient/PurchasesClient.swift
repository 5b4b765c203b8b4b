import Foundation
import PaymentsCore

/// Buying: a card purchase and its 3-D Secure step, the App Store's purchase sheet, offer codes
/// and restoring what the account owns.
public struct PurchasesClient: Sendable {
    public var purchase: @Sendable (PurchaseRequest) async throws -> PurchaseOutcome = { _ in throw UnstubbedCall("purchase") }
    public var completeAuthentication: @Sendable (_ pendingID: String, _ approved: Bool) async throws -> PurchaseOutcome = { _, _ in
        throw UnstubbedCall("completeAuthentication")
    }
    public var storePurchase: @Sendable (StorePurchaseRequest) async throws -> StorePurchaseResult = { _ in
        throw UnstubbedCall("storePurchase")
    }
    /// How the account's own purchase waiting on the store sheet stands (StoreKit's
    /// `Transaction.updates`): Apple tells the app, not the merchant's feed.
    public var storePurchaseStatus: @Sendable (_ pendingID: String, _ accountID: String) async throws -> PendingPurchaseStatus = { _, _ in
        throw UnstubbedCall("storePurchaseStatus")
    }
    /// Checks a promo code against a product for an account before checkout submits it.
    public var validateOfferCode: @Sendable (_ code: String, _ productID: String, _ accountID: String) async throws -> OfferCode = { _, _, _ in
        throw UnstubbedCall("validateOfferCode")
    }
    /// StoreKit's `AppStore.sync`: re-reads what the account owns from the store.
    public var restorePurchases: @Sendable (_ accountID: String) async throws -> RestoreResult = { _ in
        throw UnstubbedCall("restorePurchases")
    }

    /// Every call throws `UnstubbedCall` naming it: a test stubs only what its flow calls.
    public init() {}

    /// Card purchases go to `service`, the purchase sheet to `appStore`.
    public static func live(_ service: any PaymentsService, appStore: any AppStoreService) -> PurchasesClient {
        var client = PurchasesClient()
        client.purchase = { try await service.purchase($0) }
        client.completeAuthentication = { try await service.completeAuthentication(pendingID: $0, approved: $1) }
        client.storePurchase = { try await appStore.storePurchase($0) }
        client.storePurchaseStatus = { try await appStore.pendingPurchaseStatus(pendingID: $0, accountID: $1) }
        client.validateOfferCode = { code, productID, accountID in
            try await OfferCodeCheck.check(code, productID: productID, catalog: service.catalog(),
                                           now: service.now(for: accountID))
        }
        client.restorePurchases = { try await service.restorePurchases(accountID: $0, includeInactive: false) }
        return client
    }
}
