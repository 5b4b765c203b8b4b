import Foundation
import Testing
@testable import PaymentsCore

/// Each sale is signed by the party that took the money: a card sale by the merchant's own chain
/// (`merchant-signing/`), a store-account sale by the App Store's (`transaction-signing/`). A
/// verifier trusting only Apple's root must refuse a card sale, and the receipt endpoint records
/// only what the store account paid.
@Suite struct SigningPartyTests {
    func root(_ party: SigningParty, of store: CoreFixture) throws -> TransactionVerifier {
        TransactionVerifier(trustedRoot: try TransactionSigningAuthority.loadTrustedRoot(party, dataDirectory: store.directory))
    }

    /// Which of the two roots accept `jws`, alone.
    func signers(of jws: String, in store: CoreFixture) async throws -> Set<SigningParty> {
        var accepted: Set<SigningParty> = []
        for party in SigningParty.allCases {
            if case .verified = try await root(party, of: store).verify(jws, at: store.clock.now) { accepted.insert(party) }
        }
        return accepted
    }

    /// Replaces the stored JWS of transaction `id` with the same payload signed by `party`'s chain.
    func resign(_ id: String, as party: SigningParty, in store: CoreFixture) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let authority = try TransactionSigningAuthority.loadOrCreate(party, dataDirectory: store.directory,
                                                                     now: store.clock.now, using: &generator)
        return try await store.service.storage.write { db in
            let payload = try #require(try await db.fetchOne(String.self, "SELECT payload FROM transactions WHERE id = ?", [id]))
            let jws = try authority.sign(encodedPayload: Data(payload.utf8))
            try await db.execute("UPDATE transactions SET jws = ? WHERE id = ?", [jws, id])
            return jws
        }
    }

    func storeBuy(_ store: CoreFixture, _ account: Account, _ product: String) async throws -> SignedTransaction {
        let result = try await store.service.appStore.storePurchase(StorePurchaseRequest(accountID: account.id, productID: product))
        guard case let .success(transaction, _) = result else { throw FixtureError.missing("store purchase success") }
        return transaction
    }

    @Test func aCardSaleIsSignedByTheMerchantAndAStoreSaleByTheAppStore() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let card = try #require(try await store.buy(ada, "pro.monthly").transaction)
        let bought = try await storeBuy(store, ada, "points.500")
        #expect(try await signers(of: try card.jws, in: store) == [.merchant])
        #expect(try await signers(of: try bought.jws, in: store) == [.appStore])
        // The customer-facing check trusts both: either is a proof of purchase.
        for jws in [try card.jws, try bought.jws] {
            #expect(try await store.service.verifyTransaction(jws).verifiedPayload != nil)
        }
        let listed = try await store.service.allTransactions(accountID: ada.id)
        #expect(Set(listed.map { "\($0.transaction.payload.productId) \($0.issuer.rawValue)" })
                == ["pro.monthly merchant", "points.500 app_store"])
    }

    /// Renewals, plan changes and refunds keep the subscription's party: a card subscription's
    /// whole history is the merchant's, and what the App Store bills stays the App Store's.
    @Test func everyLaterTransactionKeepsItsSubscriptionsParty() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let bob = try await store.account("bob")
        let cardSubscription = try #require(try await store.buy(ada, "pro.monthly").subscription)
        guard case let .success(_, storeReceipt) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: bob.id, productID: "pro.monthly")) else { throw FixtureError.missing("store purchase") }
        let storeSubscription = try #require(storeReceipt.subscription)
        try await store.advance(days: 40)
        _ = try await store.service.changePlan(PlanChangeRequest(subscriptionID: cardSubscription.id, toProductID: "pro.yearly"))
        _ = try await store.service.router.changePlan(PlanChangeRequest(subscriptionID: storeSubscription.id, toProductID: "pro.yearly"))
        let refunded = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items
            .first { $0.status == .paid && $0.total.minorUnits > 0 })
        _ = try await store.service.refund(invoiceID: refunded.id, idempotencyKey: nil)
        for (account, party) in [(ada, SigningParty.merchant), (bob, .appStore)] {
            let history = try await store.service.allTransactions(accountID: account.id)
            #expect(history.count >= 3, "purchase, renewal and plan change of \(account.id)")
            for entry in history {
                #expect(entry.issuer == party)
                #expect(try await signers(of: try entry.transaction.jws, in: store) == [party],
                        "transaction \(entry.transaction.payload.transactionId) of \(account.id)")
            }
        }
        #expect(try await store.invariants() == [])
    }

    @Test func theReceiptEndpointRefusesACardSale() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let card = try #require(try await store.buy(ada, "points.500").transaction)
        await #expect(throws: PaymentsError.self) {
            _ = try await store.service.recordReceipt(ReceiptSubmission(userID: ada.id, productID: "points.500", receipt: try card.jws))
        }
        #expect(try await store.service.account(ada.id).pointsBalance == 500, "credited once, by the card sale itself")
    }

    /// A card sale recorded before the merchant had a chain of its own carries the App Store's
    /// signature. It stays a valid proof (nothing stored is lost), the receipt endpoint still
    /// refuses it (the row says who sold it, not the signature), and a refund re-signs it as the merchant's.
    @Test func aCardSaleSignedByTheAppStoreBeforeTheSplitStaysAProofButNeverAReceipt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "themes")
        let id = try #require(receipt.transaction?.payload.transactionId)
        let legacy = try await resign(id, as: .appStore, in: store)
        #expect(try await signers(of: legacy, in: store) == [.appStore])
        #expect(try await store.service.verifyTransaction(legacy).verifiedPayload?.transactionId == id)
        #expect(try await store.invariants() == [])
        let restored = try await store.service.restorePurchases(accountID: ada.id, includeInactive: false)
        #expect(restored.nonConsumables.map(\.productID) == ["themes"])
        await #expect(throws: PaymentsError.receipt(.invalidReceipt("transaction \(id) was sold by the merchant, not the App Store"))) {
            _ = try await store.service.recordReceipt(ReceiptSubmission(userID: ada.id, productID: "themes", receipt: legacy))
        }
        _ = try await store.service.refund(invoiceID: receipt.invoice.id, idempotencyKey: nil)
        let revoked = try #require(try await store.service.allTransactions(accountID: ada.id).first)
        #expect(revoked.transaction.payload.revocationDate != nil)
        #expect(try await signers(of: try revoked.transaction.jws, in: store) == [.merchant])
    }

    /// The books audit checks each proof against the party its row names: an App Store sale
    /// carrying the merchant's signature (its JWS replaced) entitles nothing, where a verifier
    /// trusting both roots would take it.
    @Test func anAppStoreSaleSignedByTheMerchantBreaksTheBooks() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let id = try await storeBuy(store, ada, "themes").payload.transactionId
        let forged = try await resign(id, as: .merchant, in: store)
        #expect(try await store.service.verifyTransaction(forged).verifiedPayload?.transactionId == id)
        let problems = try await store.invariants()
        #expect(problems.count == 1 && problems.first?.contains("does not verify as the app_store's") == true, "\(problems)")
    }
}
