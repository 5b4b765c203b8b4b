import Foundation

/// The merchant's receipt backend: the App Store's device uploads each purchase's signed
/// transaction (`recordReceipt`), and the backend verifies and records each exactly once, however
/// often it is delivered.
struct ReceiptsBackend: Rules {
    let work: UnitOfWork
    var accountRules: AccountRules { AccountRules(work: work) }
    var appStoreSales: AppStoreSales { AppStoreSales(work: work) }
    var storeSubscriptionMirror: StoreSubscriptionMirror { StoreSubscriptionMirror(work: work) }
    var testControls: TestControls { TestControls(work: work) }

    /// The app backend recording a receipt whose signature was already verified: credits points
    /// for consumables once per transaction, and says `isDuplicate` for a repeat.
    func recordVerifiedReceipt(_ submission: ReceiptSubmission, payload: TransactionPayload,
                               checkOnly: Bool = false) async throws -> ReceiptRecordResult {
        guard let account = try await store.fetchOne(AccountRecord.self, "SELECT * FROM accounts WHERE id = ?", [submission.userID]) else {
            throw ReceiptBackendError.userNotFound(submission.userID)
        }
        let now = try await now(for: account)
        var controls = try await testControls.controls()
        if let until = controls.backendUnreachableUntil, now < until { throw ReceiptBackendError.network }
        if controls.backendServerErrors > 0 && !checkOnly {
            controls.backendServerErrors -= 1
            try await testControls.saveControls(controls)
            throw ReceiptBackendError.server("HTTP 500 from the receipt endpoint")
        }
        guard let product = catalog.product(id: submission.productID) else {
            throw ReceiptBackendError.planNotFound(submission.productID)
        }
        guard payload.productId == submission.productID else {
            throw ReceiptBackendError.invalidReceipt("the receipt is for \(payload.productId), not \(submission.productID)")
        }
        guard payload.revocationDate == nil else { throw ReceiptBackendError.invalidReceipt("the transaction was revoked") }
        let transactionID = payload.transactionId
        // An App Store purchase the merchant has not heard of yet is booked from the verified
        // receipt itself: the app may reach its backend before the App Store's notification does.
        // It must be the submitting customer's own (`appTransactionId`).
        if try await appStoreSales.known(transactionID) == nil {
            guard payload.appTransactionId == account.id else {
                throw ReceiptBackendError.duplicatePurchase(transactionID: transactionID)
            }
            if checkOnly {
                return unrecordedResult(submission, payload: payload, product: product)
            }
            let received = try ReceivedTransaction(jws: submission.receipt, payload: payload)
            let booked = payload.type == .autoRenewableSubscription ? try await storeSubscriptionMirror.record(received)
                : try await appStoreSales.recordOneTime(received)
            if case let .ignored(reason) = booked { throw ReceiptBackendError.invalidReceipt(reason) }
        }
        // The store's own record decides, not the submitted copy: whose purchase it is, whether
        // it was refunded since, and whether the store (not a card, credited at once) billed it.
        guard let stored = try await store.fetchOne(StoredRow.self, """
            SELECT t.account_id, t.revocation_date, t.issuer, t.invoice_id, p.billing FROM transactions t
            LEFT JOIN purchases p ON p.invoice_id = t.invoice_id WHERE t.id = ?
            """, [transactionID]) else {
            throw ReceiptBackendError.invalidReceipt("the store has no transaction \(transactionID)")
        }
        // A card sale is not an App Store receipt, even one signed by the App Store's chain before
        // the merchant had its own: the endpoint records only what the store account paid.
        guard try stored.get("issuer") as String == SigningParty.appStore.rawValue else {
            throw ReceiptBackendError.invalidReceipt("transaction \(transactionID) was sold by the merchant, not the App Store")
        }
        if try stored.get("account_id") as String != account.id {
            throw ReceiptBackendError.duplicatePurchase(transactionID: transactionID)
        }
        guard try stored.get("revocation_date", as: Int64?.self) == nil else {
            throw ReceiptBackendError.invalidReceipt("the transaction was revoked")
        }
        var points: Int64 = 0
        if case let .oneTime(oneTime) = product, oneTime.type == .consumable,
           try stored.get("billing", as: String?.self) == Billing.store.rawValue {
            points = oneTime.points ?? 0
        }
        let existing = try await store.fetchOne(StoredRow.self, "SELECT account_id, status FROM backend_receipts WHERE transaction_id = ?",
                                                [transactionID])
        if let existing, try existing.get("account_id") as String != account.id {
            throw ReceiptBackendError.duplicatePurchase(transactionID: transactionID)
        }
        let previous = try existing?.storedValue(ReceiptSubmission.Status.self, table: "backend_receipts", column: "status")
        let credit = submission.status == .paid && previous != .paid
        let result = ReceiptRecordResult(pointsCredited: credit ? points : 0, isDuplicate: previous != nil,
                                         transactionID: transactionID, storefrontCountry: payload.storefront,
                                         purchaseStatus: previous == .paid ? .paid : submission.status)
        guard !checkOnly else { return result }
        try await store.execute("""
            INSERT INTO backend_receipts(transaction_id, account_id, product_id, status, sandbox, points, storefront, recorded_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(transaction_id) DO UPDATE SET status = excluded.status, points = backend_receipts.points + excluded.points
            """, [transactionID, account.id, submission.productID, result.purchaseStatus.rawValue, submission.sandbox,
                  result.pointsCredited, payload.storefront, now])
        if credit && points > 0 {
            let invoice = try stored.get("invoice_id", as: String?.self)
            try await accountRules.movePoints(accountID: account.id, delta: points, reason: "Purchased \(submission.productID)",
                                           product: submission.productID, invoice: invoice, at: now)
        }
        return result
    }
}

extension ReceiptsBackend {
    /// What recording a verified receipt of a sale the merchant has not booked yet would answer.
    fileprivate func unrecordedResult(_ submission: ReceiptSubmission, payload: TransactionPayload,
                                      product: CatalogProduct) -> ReceiptRecordResult {
        var points: Int64 = 0
        if case let .oneTime(oneTime) = product, oneTime.type == .consumable, submission.status == .paid {
            points = oneTime.points ?? 0
        }
        return ReceiptRecordResult(pointsCredited: points, isDuplicate: false, transactionID: payload.transactionId,
                                   storefrontCountry: payload.storefront, purchaseStatus: submission.status)
    }
}

extension ReceiptBackendError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noReceipt: "no_receipt"
        case let .invalidReceipt(reason): "invalid_receipt: \(reason)"
        case let .userNotFound(id): "user_not_found: \(id)"
        case let .planNotFound(id): "plan_not_found: \(id)"
        case let .duplicatePurchase(id): "duplicate_purchase: \(id)"
        case .network: "network_error"
        case let .server(reason): "server_error: \(reason)"
        }
    }
}
