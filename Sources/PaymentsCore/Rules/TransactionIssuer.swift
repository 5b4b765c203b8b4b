import Foundation

/// Issues App Store–style signed transactions (JWS) for every purchase and renewal, and stores
/// their tokens, so a transaction crosses any boundary as its compact JWS. Each is signed by the
/// party that took the money (``SigningParty``): the merchant for cards, the App Store for store billing.
struct TransactionIssuer: Rules {
    let work: UnitOfWork

    /// Every purchase, renewal and plan change is recorded as a StoreKit-style transaction in the
    /// same database transaction as the money it moved.
    ///
    /// Signing decision: the ES256 signature is NOT made here, nor anywhere in a purchase's write.
    /// The row stores the exact payload bytes the token will carry, durably and atomically with
    /// the money, and the token is signed the first time it is needed: the returned value signs on
    /// its first `jws` read (after the write, by whoever answers the purchase) and the signer keeps
    /// that token for the row (`TransactionTokenSigner`); stored rows are signed and cached by
    /// `token(id:jws:payload:issuer:)` when a reader asks for them. A signature costs about four durable
    /// inserts, and most renewals' tokens are never read. Each token is signed once in its life.
    func issueTransaction(account: AccountRecord, product: CatalogProduct, subscription: SubscriptionRecord?,
                          invoice: Invoice, purchaseDate: Date, expires: Date?, offerType: TransactionOfferType?,
                          offerCode: OfferCode? = nil, appAccountToken: UUID? = nil,
                          reason: TransactionReason = .purchase, billing: Billing) async throws -> SignedTransaction {
        let party = SigningParty(billing: billing)
        let number = try await work.nextSequence(.transaction)
        let id = String(2_000_000_000_000_000 + number)
        let type: TransactionProductType
        var offer = TransactionOffer()
        switch product {
        case let .subscription(_, subscriptionProduct):
            type = .autoRenewableSubscription
            if offerType == .introductory, let intro = subscriptionProduct.intro {
                offer = TransactionOffer(introductory: intro)
            } else if offerType == .offerCode, let offerCode {
                offer = TransactionOffer(code: offerCode, period: subscriptionProduct.period)
            }
        case let .oneTime(oneTime):
            type = oneTime.type.transactionType
            if offerType == .offerCode, let offerCode { offer = TransactionOffer(code: offerCode, period: nil) }
        }
        let price: Int64
        do {
            price = try invoice.total.milliunits
        } catch {
            throw PaymentsError.invalidInput(field: "price", message: "\(invoice.total) cannot be expressed in milliunits")
        }
        let payload = TransactionPayload(
            transactionId: id, originalTransactionId: subscription?.originalTransactionID ?? id,
            webOrderLineItemId: type == .autoRenewableSubscription ? String(1_000_000_000_000_000 + number) : nil,
            bundleId: catalog.signingBundleID, productId: product.id,
            subscriptionGroupIdentifier: subscription == nil ? nil : catalog.group,
            purchaseDate: purchaseDate, originalPurchaseDate: subscription?.originalPurchase ?? purchaseDate,
            expiresDate: expires, offerType: offerType, offerIdentifier: offer.identifier,
            offerDiscountType: offer.discountType, offerPeriod: offer.period,
            transactionReason: type == .autoRenewableSubscription ? reason : .purchase,
            // One app transaction per store account, as Apple has one per Apple Account and app.
            appTransactionId: account.id,
            environment: catalog.signingEnvironment, storefront: account.storefront,
            storefrontId: TransactionPayload.storefrontID(account.storefront), price: price,
            currency: invoice.total.currency.code, appAccountToken: appAccountToken, type: type, quantity: 1,
            signedDate: systemNow)
        let encoded = try encode(payload)
        try await store.execute("""
            INSERT INTO transactions(id, original_id, account_id, product_id, subscription_id, invoice_id,
                                     purchase_date, expires_date, revocation_date, jws, payload, issuer)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, '', ?, ?)
            """, [id, payload.originalTransactionId, account.id, product.id, subscription?.id, invoice.id, purchaseDate,
                  expires, String(decoding: encoded, as: UTF8.self), party.rawValue])
        return SignedTransaction(payload: payload,
                                 token: signer.deferredToken(transactionID: id, signedBy: party, encodedPayload: encoded))
    }

    /// Records a transaction the App Store signed, as received: its token is stored, never signed here.
    func storeReceived(_ received: ReceivedTransaction, accountID: String, subscriptionID: String?,
                       invoiceID: String) async throws {
        let payload = received.payload
        try await store.execute("""
            INSERT INTO transactions(id, original_id, account_id, product_id, subscription_id, invoice_id,
                                     purchase_date, expires_date, revocation_date, jws, payload, issuer)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [payload.transactionId, payload.originalTransactionId, accountID, payload.productId, subscriptionID,
                  invoiceID, payload.purchaseDate, payload.expiresDate, payload.revocationDate, received.jws,
                  received.payloadJSON, SigningParty.appStore.rawValue])
    }

    /// Replaces a transaction's token with the App Store's revoked one, as received.
    func storeReceivedRevocation(_ received: ReceivedTransaction) async throws {
        try await store.execute("UPDATE transactions SET jws = ?, payload = ?, revocation_date = ? WHERE id = ?",
                                [received.jws, received.payloadJSON, received.payload.revocationDate,
                                 received.payload.transactionId])
    }

    /// The signed token of a stored transaction: the cached one, or signed now from the stored
    /// payload and cached in the row, so each transaction is signed at most once.
    func token(id: String, jws: String, payload: String?, issuer: SigningParty) async throws -> String {
        guard jws.isEmpty else { return jws }
        guard let payload else { throw PaymentsError.storage("transaction \(id) has neither a token nor a payload") }
        let bytes = Data(payload.utf8)
        let compact = try signer.signedToken(transactionID: id, payload: bytes) ?? sign(encoded: bytes, by: issuer)
        try await store.execute("UPDATE transactions SET jws = ? WHERE id = ?", [compact, id])
        return compact
    }

    func token(of record: TransactionRecord) async throws -> String {
        try await token(id: record.id, jws: record.jws, payload: record.payload, issuer: record.issuer)
    }

    /// A stored transaction's token without signing it here: the row's, one signed since the
    /// purchase and not stored yet, or one signed from the row's payload when first read.
    /// With `payload`, the token of exactly those bytes: a row refunded or upgraded since carries
    /// other bytes, and an answer replayed keeps the transaction it first gave.
    func deferredToken(transactionID id: String, payload bytes: Data? = nil) async throws -> TransactionToken {
        guard let row = try await store.fetchOne(StoredRow.self, "SELECT jws, payload, issuer FROM transactions WHERE id = ?",
                                                 [id]) else {
            throw PaymentsError.storage("transaction \(id) is recorded for a purchase but missing")
        }
        let stored = try row.get("payload", as: String?.self)
        let issuer = try SigningParty.stored(try row.get("issuer"), transactionID: id)
        if let bytes, stored.map({ Data($0.utf8) }) != bytes {
            return signer.signedToken(transactionID: id, payload: bytes).map(TransactionToken.init(signed:))
                ?? signer.deferredToken(transactionID: id, signedBy: issuer, encodedPayload: bytes)
        }
        return try deferredToken(id: id, jws: try row.get("jws"), payload: stored, issuer: issuer)
    }

    func deferredToken(id: String, jws: String, payload: String?, issuer: SigningParty) throws -> TransactionToken {
        if !jws.isEmpty { return TransactionToken(signed: jws) }
        guard let payload else {
            throw PaymentsError.storage("transaction \(id) has neither a token nor a payload")
        }
        let bytes = Data(payload.utf8)
        if let signed = signer.signedToken(transactionID: id, payload: bytes) { return TransactionToken(signed: signed) }
        return signer.deferredToken(transactionID: id, signedBy: issuer, encodedPayload: bytes)
    }

    /// Stores tokens signed outside a write in their rows. A row signed meanwhile keeps its own,
    /// and a row whose payload changed since (refunded, upgraded) is signed again when read.
    func storeSignedTokens(_ tokens: [String: UnstoredToken]) async throws {
        for (id, token) in tokens {
            try await store.execute("UPDATE transactions SET jws = ? WHERE id = ? AND jws = '' AND payload = ?",
                                    [token.compact, id, String(decoding: token.payload, as: UTF8.self)])
        }
    }

    /// What a stored transaction says: its payload column, or for rows older than that column,
    /// the payload of its token.
    /// A row that cannot be decoded is a storage error naming the transaction, never skipped.
    func storedPayload(_ record: TransactionRecord) throws -> TransactionPayload {
        do {
            if let payload = record.payload {
                return try TransactionJSONCoding.makeDecoder().decode(TransactionPayload.self, from: Data(payload.utf8))
            }
            return try CompactJWS.payload(of: record.jws)
        } catch {
            throw PaymentsError.storage("transaction \(record.id) cannot be read: \(error)")
        }
    }

    /// Marks the transactions an invoice paid for as revoked, to be signed again, as the App Store
    /// does after a refund, so a client re-verifying sees the revocation.
    func revokeTransactions(invoiceID: String? = nil, subscriptionID: String? = nil, at date: Date,
                            reason: TransactionRevocationReason) async throws {
        var conditions = ["revocation_date IS NULL"]
        var arguments: [(any StoreValueConvertible)?] = []
        if let invoiceID { (conditions, arguments) = (conditions + ["invoice_id = ?"], arguments + [invoiceID]) }
        if let subscriptionID { (conditions, arguments) = (conditions + ["subscription_id = ?"], arguments + [subscriptionID]) }
        let records = try await store.fetchAll(
            TransactionRecord.self, StoreSQL("SELECT * FROM transactions WHERE " + conditions.joined(separator: " AND ")),
            StoreArguments(arguments))
        for var record in records {
            var payload = try storedPayload(record)
            payload.revocationDate = date
            payload.revocationReason = reason
            payload.signedDate = systemNow
            // Signed again when next read (`token(of:)`), outside this write.
            record.payload = String(decoding: try encode(payload), as: UTF8.self)
            record.jws = ""
            record.revocationDate = date
            try await record.updateSignedState(in: store)
        }
    }

    /// Marks the subscription's latest transaction as upgraded from, to be signed again, as the App Store
    /// sets `isUpgraded` on the transaction a customer upgraded away from.
    func markUpgraded(subscriptionID: String) async throws {
        guard var record = try await store.fetchOne(TransactionRecord.self, """
            SELECT * FROM transactions WHERE subscription_id = ? ORDER BY purchase_date DESC, id DESC LIMIT 1
            """, [subscriptionID]) else { return }
        var payload = try storedPayload(record)
        payload.isUpgraded = true
        payload.signedDate = systemNow
        // Signed again when next read (`token(of:)`), not inside the plan change's write.
        record.payload = String(decoding: try encode(payload), as: UTF8.self)
        record.jws = ""
        try await record.updateSignedState(in: store)
    }

    func transactions(accountID: String, limit: Int) async throws -> [SignedTransaction] {
        try await store.fetchAll(TransactionRecord.self, """
            SELECT * FROM transactions WHERE account_id = ? ORDER BY purchase_date DESC, id DESC LIMIT ?
            """, [accountID, min(max(limit, 1), 1000)])
            .map { record in
                SignedTransaction(payload: try storedPayload(record),
                                  token: try deferredToken(id: record.id, jws: record.jws, payload: record.payload,
                                                           issuer: record.issuer))
            }
    }

    private func encode(_ payload: TransactionPayload) throws -> Data {
        do {
            return try TransactionSigningAuthority.encode(payload)
        } catch {
            throw PaymentsError.storage("could not encode a transaction: \(error)")
        }
    }

    func sign(encoded: Data, by party: SigningParty) throws -> String {
        try signer.sign(encoded: encoded, by: party)
    }
}
