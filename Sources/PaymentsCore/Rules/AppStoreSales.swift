import Foundation

/// What the App Store sold, as the merchant learns it from signed data (a server notification, an
/// uploaded receipt), never from the App Store's own records: booked once per transaction id like
/// any other sale (a paid invoice on "Store account", the purchase, the event), with the App
/// Store's token kept as it came, since only the App Store signs its transactions.
struct AppStoreSales: Rules {
    let work: UnitOfWork
    var invoicing: Invoicing { Invoicing(work: work) }
    var purchases: Purchases { Purchases(work: work) }
    var refunds: Refunds { Refunds(work: work) }
    var transactionIssuer: TransactionIssuer { TransactionIssuer(work: work) }

    /// The merchant's row of a transaction, if it has one.
    func known(_ transactionID: String) async throws -> StoredRow? {
        try await store.fetchOne(StoredRow.self, """
            SELECT invoice_id, subscription_id, revocation_date, issuer FROM transactions WHERE id = ?
            """, [transactionID])
    }

    /// What the merchant booked for an App Store transaction: the invoice, the subscription or the
    /// entitlements it grants, the points its receipt credited so far, and the token as received.
    func purchaseReceipt(transactionID: String) async throws -> PurchaseReceipt? {
        guard let record = try await store.fetchOne(TransactionRecord.self, "SELECT * FROM transactions WHERE id = ? AND issuer = ?",
                                                    [transactionID, SigningParty.appStore.rawValue]),
              let invoiceID = record.invoiceID else { return nil }
        let payload = try transactionIssuer.storedPayload(record)
        var subscription: Subscription?
        let entitlement: String?
        switch catalog.product(id: record.productID) {
        case let .subscription(plan, _)?:
            entitlement = plan.entitlement
            if let id = record.subscriptionID {
                subscription = try await store.fetchOne(SubscriptionRecord.self, "SELECT * FROM subscriptions WHERE id = ?", [id])?
                    .subscription
            }
        case let .oneTime(product)?:
            entitlement = product.entitlement
        case nil:
            throw PaymentsError.productNotFound(record.productID)
        }
        let points = try await store.fetchOne(Int64.self, "SELECT points FROM backend_receipts WHERE transaction_id = ?",
                                              [transactionID]) ?? 0
        let token = try transactionIssuer.deferredToken(id: record.id, jws: record.jws, payload: record.payload, issuer: record.issuer)
        return PurchaseReceipt(productID: record.productID, invoice: try await invoicing.invoice(invoiceID).invoice,
                               subscription: subscription, introOfferApplied: payload.offerType == .introductory,
                               pointsCredited: points, entitlements: entitlement.map { [$0] } ?? [],
                               transaction: SignedTransaction(payload: payload, token: token))
    }

    /// Books an App Store one-time purchase the merchant has not heard of. Its points are not
    /// credited here: as for every store purchase, they wait for the app's receipt.
    func recordOneTime(_ received: ReceivedTransaction) async throws -> StoreNotificationOutcome {
        let payload = received.payload
        if try await known(payload.transactionId) != nil { return .alreadyKnown }
        guard case let .oneTime(product) = catalog.product(id: payload.productId), product.type.transactionType == payload.type
        else {
            return .ignored("transaction \(payload.transactionId) is for \(payload.productId), not a \(payload.type.rawValue) of this catalog")
        }
        let (account, total): (AccountRecord, Money)
        switch try await sale(payload) {
        case let .success(sale): (account, total) = sale
        case let .failure(unbookable): return .ignored(unbookable.reason)
        }
        let currency = total.currency
        let now = try await now(for: account)
        let invoice = try await invoicing.issueInvoice(
            account: account.id, subscription: nil, product: product.id, kind: .oneTime, at: now, description: product.name,
            lines: [InvoiceLine(kind: .charge, description: product.name, amount: total)], currency: currency,
            status: .paid, method: Invoicing.storeSummary)
        let expires = try await expiry(of: product, payload, accountID: account.id)
        try await PurchaseRecord(id: try await nextID(.purchase), accountID: account.id, productID: product.id, type: product.type,
                           purchasedAt: payload.purchaseDate, expiresAt: expires, revokedAt: nil,
                           invoiceID: invoice.id, points: product.type == .consumable ? (product.points ?? 0) : 0,
                           billing: .store).insert(into: store)
        try await transactionIssuer.storeReceived(received, accountID: account.id, subscriptionID: nil, invoiceID: invoice.id)
        try await recordOfferCode(of: payload, accountID: account.id, at: now)
        emit(.purchaseCompleted, account: account.id, at: now, product: product.id, invoice: invoice.id)
        return .recorded
    }

    /// The App Store checked an offer code it sold with; the merchant records it so a card sale
    /// cannot use it again.
    func recordOfferCode(of payload: TransactionPayload, accountID: String, at now: Date) async throws {
        guard payload.offerType == .offerCode, let code = payload.offerIdentifier else { return }
        try await store.execute("INSERT INTO offer_redemptions(account_id, code, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                                [accountID, code, now])
    }

    /// Why the merchant cannot book a transaction the App Store signed.
    struct Unbookable: Error {
        var reason: String
    }

    /// The customer who bought and what they paid, or why the merchant cannot book it: the App
    /// Store has one app transaction per customer (Kiosk's is the account id), and the sale must be
    /// for this store's app, in a currency it keeps books in.
    func sale(_ payload: TransactionPayload) async throws -> Result<(AccountRecord, Money), Unbookable> {
        guard let owner = payload.appTransactionId,
              let account = try await store.fetchOne(AccountRecord.self, "SELECT * FROM accounts WHERE id = ?", [owner]) else {
            return .failure(Unbookable(reason: "transaction \(payload.transactionId) names no customer of this store (\(payload.appTransactionId ?? "no appTransactionId"))"))
        }
        guard payload.bundleId == catalog.signingBundleID, payload.environment == catalog.signingEnvironment else {
            return .failure(Unbookable(reason: "transaction \(payload.transactionId) is for \(payload.bundleId) (\(payload.environment.rawValue)), not this store's app"))
        }
        guard let currency = Currency(code: payload.currency),
              let total = Money(exactMilliunits: payload.price, currency: currency) else {
            return .failure(Unbookable(reason: "transaction \(payload.transactionId) has a price of \(payload.price) milliunits of \(payload.currency), which this store cannot book"))
        }
        return .success((account, total))
    }

    /// When a pass bought through the App Store ends: the transaction's `expiresDate`, or (the App
    /// Store sends none for a non-renewing subscription; the app keeps its term) the catalog's
    /// duration from the purchase, after a pass of the same product still running then.
    private func expiry(of product: OneTimeProduct, _ payload: TransactionPayload, accountID: String) async throws -> Date? {
        guard product.type == .nonRenewing else { return nil }
        if let expires = payload.expiresDate { return expires }
        guard let duration = product.duration else { return nil }
        return try await purchases.passExpiry(accountID: accountID, productID: product.id, duration: duration,
                                              boughtAt: payload.purchaseDate)
    }

    /// Books an App Store refund or revocation: the sale it undoes (booked first if the merchant
    /// never heard of it) is refunded as any sale is, keeping the App Store's revoked token.
    func revoke(_ received: ReceivedTransaction) async throws -> StoreNotificationOutcome {
        let payload = received.payload
        guard payload.revocationDate != nil else {
            return .ignored("transaction \(payload.transactionId) is not revoked")
        }
        var row = try await known(payload.transactionId)
        var bookedNow = false
        if row == nil, payload.type != .autoRenewableSubscription {
            let booked = try await recordOneTime(received)
            guard booked == .recorded else { return booked }
            (row, bookedNow) = (try await known(payload.transactionId), true)
        }
        guard let row else {
            return .ignored("the store has no subscription transaction \(payload.transactionId)")
        }
        let revokedBefore = try row.get("revocation_date") as Int64? != nil
        guard bookedNow || !revokedBefore else { return .alreadyKnown }
        guard try row.get("issuer") as String == SigningParty.appStore.rawValue else {
            return .ignored("transaction \(payload.transactionId) is the merchant's own sale, not the App Store's")
        }
        guard let invoiceID: String = try row.get("invoice_id") else {
            return .ignored("transaction \(payload.transactionId) has no invoice to refund")
        }
        let invoice = try await invoicing.invoice(invoiceID)
        guard invoice.status == .paid, invoice.total > 0 else {
            return .ignored("transaction \(payload.transactionId) has no payment to refund (invoice \(invoiceID) is \(invoice.status.rawValue))")
        }
        _ = try await refunds.refund(invoiceID: invoiceID, revocation: received)
        return .recorded
    }
}
