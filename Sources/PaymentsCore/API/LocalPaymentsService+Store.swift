import Foundation

extension LocalPaymentsService {
    public func addCard(accountID: String, card: CardDetails, makeDefault: Bool) async throws -> PaymentMethod {
        try await write { try await $0.accountRules.addCard(accountID: accountID, card: card, makeDefault: makeDefault) }
    }

    /// Answered once: the same answer again (a client retrying after a lost reply, or a hosted
    /// page after a crash) gets the first outcome back; a different answer is refused.
    public func completeAuthentication(pendingID: String, approved: Bool) async throws -> PurchaseOutcome {
        try await write { work in
            try await work.idempotentRequests.idempotent("authentication:" + pendingID, operation: "complete-authentication",
                                                         request: approved) {
                try await work.purchases.completeAuthentication(pendingID: pendingID, approved: approved)
            }
        }
    }

    /// The merchant's own: 3-D Secure challenges and its price-increase consent. The App Store's
    /// sheet keeps ask to buy and interrupted purchases in its own records (`AppStoreService.pendingActions`).
    public func pendingActions(accountID: String?) async throws -> [PendingAction] {
        try await read { try await $0.testControls.pendingActions(accountID: accountID) }
    }

    public func requestPriceIncrease(subscriptionID: String, newPrice: Int64) async throws -> PendingAction {
        try await write { try await $0.testControls.requestPriceIncrease(subscriptionID: subscriptionID, newPrice: newPrice) }
    }

    public func answerPriceIncrease(pendingID: String, accept: Bool) async throws -> Subscription {
        try await write { work in
            let action = try await work.testControls.pendingAction(pendingID).action
            guard action.kind == .priceIncrease else { throw PaymentsError.pendingActionNotFound(pendingID) }
            return try await work.testControls.answerPriceIncrease(action, accept: accept, at: work.now(for: work.account(action.accountID)))
        }
    }

    public func forceRenewal(subscriptionID: String) async throws -> Subscription {
        try await write { try await $0.lifecycle.forceRenewal(subscriptionID: subscriptionID) }
    }

    public func storeControls() async throws -> StoreControls { try await read { try await $0.testControls.controls() } }

    public func updateStoreControls(_ controls: StoreControls) async throws {
        try await write { try await $0.testControls.saveControls(controls) }
    }

    public func takeFault(_ operation: StoreOperation) async throws -> StoreError? {
        try await writeWithoutDueWork { try await $0.testControls.takeFault(operation) }
    }

    public func setStorefront(accountID: String, storefront: String, currency: Currency) async throws -> Account {
        try await write { try await $0.testControls.setStorefront(accountID: accountID, storefront: storefront, currency: currency) }
    }

    public func clearAllTransactions() async throws { try await write { try await $0.testControls.clearAllTransactions() } }

    public func resetStore() async throws {
        try await write { work in
            try await work.testControls.saveControls(StoreControls())
            try await work.saveSettings(StoreSettings())
        }
    }

    /// A read: each token is signed when its reader first asks for it, outside any transaction,
    /// and the next write stores it in its row (see `TransactionTokenSigner`).
    public func transactions(accountID: String, limit: Int) async throws -> [SignedTransaction] {
        try await read { try await $0.transactionIssuer.transactions(accountID: accountID, limit: limit) }
    }

    /// Verifies a JWS (or the base64 of one) against both of this store's roots (the merchant's
    /// and the App Store's: either signs a proof of purchase), at the injected clock's time.
    public func verifyTransaction(_ jws: String) async throws -> TransactionVerificationResult {
        try await read(failing: .verification) { _ in }
        return try await verifier.verify(ReceiptText.compactJWS(from: jws), at: clock.now)
    }

    /// Verifies a JWS (or the base64 of one) against the App Store's root only, as an app backend
    /// checks a receipt: the merchant's own sales are not App Store receipts.
    public func verifyAppStoreTransaction(_ jws: String) async throws -> TransactionVerificationResult {
        try await read(failing: .verification) { _ in }
        return try await appStoreVerifier.verify(ReceiptText.compactJWS(from: jws), at: clock.now)
    }

    // MARK: Snapshots

    /// Saves the whole store (every table) under a name, to branch a test from this point. The
    /// previous snapshot of that name stays until the new one is complete.
    ///
    /// A store that fails `kiosk store check` is not saved: its snapshot would replace a sound one
    /// of that name with the damage (the storage checks its pages; here the books).
    public func saveSnapshot(named name: String) async throws {
        try Self.checkSnapshotName(name)
        let problems = try await checkInvariants()
        guard problems.isEmpty else {
            throw PaymentsError.snapshotRejected(name: name, reason: "the store fails its checks ("
                + problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; ..." : "")
                + "): restore an earlier snapshot instead (`kiosk store snapshot list`, then "
                + "`kiosk store snapshot restore NAME`)")
        }
        do { try await storage.saveSnapshot(name) } catch { throw Self.reported(error) }
    }

    /// Replaces the store's contents with a snapshot's, in place (other connections see it too),
    /// only once a copy of it has proved sound: the storage's own checks of the copy, then
    /// `checkInvariants` on it. Anything else is refused with the reason and the live store is
    /// not touched.
    ///
    /// The terminals' sessions are not part of the books: each one still open stays signed in
    /// afterwards when its account exists in the snapshot (a QA engineer going back to a saved
    /// point is still at the terminal), and ends when it does not.
    public func restoreSnapshot(named name: String) async throws {
        try Self.checkSnapshotName(name)
        do {
            try await storage.restoreSnapshot(name) { copy in try await self.invariantProblems(in: copy) }
        } catch {
            throw Self.reported(error)
        }
    }

    public func snapshots() async throws -> [String] {
        do { return try await storage.snapshotNames() } catch { throw Self.reported(error) }
    }

    private static func checkSnapshotName(_ name: String) throws {
        guard (1...64).contains(name.count),
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
              !name.hasPrefix(".") else {
            throw PaymentsError.invalidInput(field: "snapshot", message: "use 1 to 64 letters, digits, '-', '_' or '.'")
        }
    }
}

extension LocalPaymentsService {
    /// Every transaction of an account (or of every account when nil), oldest first, signed. A write
    /// on behalf of a read: a token never needed before is signed now and cached in its row.
    public func allTransactions(accountID: String?) async throws -> [AccountTransaction] {
        try await writeWithoutDueWork { try await $0.transactionIssuer.allTransactions(accountID: accountID) }
    }
}
