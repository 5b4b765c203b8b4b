import Foundation
import GRDB

extension LocalPaymentsService {
    public func storePurchase(_ request: StorePurchaseRequest) async throws -> StorePurchaseResult {
        do {
            let result = try await write(failing: .purchase) { work in
                try await work.idempotentRequests.idempotent(request.idempotencyKey, operation: "store_purchase", request: request) {
                    try await work.storePurchases.storePurchase(request)
                }
            }
            try await syncReceipts()
            return result
        } catch PaymentsError.store(.userCancelled) {
            // StoreKit reports a cancelled sheet as a result, not an error.
            return .userCancelled
        }
    }

    public func addCard(accountID: String, card: CardDetails, makeDefault: Bool) async throws -> PaymentMethod {
        try await write { try await $0.accountRules.addCard(accountID: accountID, card: card, makeDefault: makeDefault) }
    }

    /// Answered once: the same answer again (a client retrying after a lost reply, or a hosted
    /// page after a crash) gets the first outcome back; a different answer is refused.
    public func completeAuthentication(pendingID: String, approved: Bool) async throws -> PurchaseOutcome {
        try await write { work in
            try await work.idempotentRequests.idempotent("authentication:" + pendingID, operation: "complete-authentication",
                                                         request: approved) {
                try await work.storePurchases.completeAuthentication(pendingID: pendingID, approved: approved)
            }
        }
    }

    public func pendingActions(accountID: String?) async throws -> [PendingAction] {
        try await read { try await $0.testControls.pendingActions(accountID: accountID) }
    }

    public func approvePurchase(pendingID: String) async throws -> StorePurchaseResult {
        let result = try await write { try await $0.storePurchases.approvePurchase(pendingID: pendingID) }
        try await syncReceipts()
        return result
    }

    public func declinePurchase(pendingID: String) async throws {
        try await write { try await $0.storePurchases.declinePurchase(pendingID: pendingID) }
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
        try await write { try await $0.testControls.forceRenewal(subscriptionID: subscriptionID) }
    }

    public func storeControls() async throws -> StoreControls { try await read { try await $0.testControls.controls() } }

    public func updateStoreControls(_ controls: StoreControls) async throws {
        try await write { try await $0.testControls.saveControls(controls) }
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
        return await verifier.verify(ReceiptText.compactJWS(from: jws), at: clock.now)
    }

    /// Verifies a JWS (or the base64 of one) against the App Store's root only, as an app backend
    /// checks a receipt: the merchant's own sales are not App Store receipts.
    public func verifyAppStoreTransaction(_ jws: String) async throws -> TransactionVerificationResult {
        try await read(failing: .verification) { _ in }
        return await appStoreVerifier.verify(ReceiptText.compactJWS(from: jws), at: clock.now)
    }

    // MARK: Snapshots

    /// Saves the whole store (every table) under a name, to branch a test from this point. The
    /// previous snapshot of that name stays until the new one is complete (see `StoreSnapshotFile`).
    public func saveSnapshot(named name: String) async throws {
        if let keeper = storage as? any SnapshotKeepingStorage {
            try Self.checkSnapshotName(name)
            do { try await keeper.saveSnapshot(name) } catch { throw Self.reported(error) }
            return
        }
        let database = try snapshotDatabase(for: name)
        let file = try snapshotFile(name)
        do {
            try file.save(from: database)
        } catch let error as PaymentsError {
            throw error
        } catch {
            throw PaymentsError.storage("cannot save snapshot \(name): \(error)")
        }
    }

    /// Replaces the store's contents with a snapshot's, in place (other connections see it too),
    /// only once a copy of it has proved sound: SQLite's integrity check, Kiosk's schema at a
    /// version this build knows, and `checkInvariants` on the copy. Anything else is refused with
    /// the reason and the live store is not touched.
    ///
    /// The terminals' sessions are not part of the books: each one still open stays signed in
    /// afterwards when its account exists in the snapshot (a QA engineer going back to a saved
    /// point is still at the terminal), and ends when it does not.
    public func restoreSnapshot(named name: String) async throws {
        if let keeper = storage as? any SnapshotKeepingStorage {
            try Self.checkSnapshotName(name)
            do {
                try await keeper.restoreSnapshot(name) { copy in try await self.invariantProblems(in: copy) }
            } catch {
                throw Self.reported(error)
            }
            return
        }
        let database = try snapshotDatabase(for: name)
        let file = try snapshotFile(name)
        let copy = try file.openValidated()
        let problems = try await invariantProblems(in: SQLiteStorage(copy))
        guard problems.isEmpty else {
            throw file.rejected("its books do not hold (\(problems.prefix(3).joined(separator: "; ")))")
        }
        do {
            let sessions = try await database.read { db in
                try Row.fetchAll(db, sql: "SELECT token_hash, account_id, created_at FROM sessions").map { row in
                    (hash: row["token_hash"] as String, accountID: row["account_id"] as String, createdAt: row["created_at"] as Int64)
                }
            }
            try copy.backup(to: database)
            try await database.write { db in
                for session in sessions {
                    try db.execute(sql: """
                        INSERT INTO sessions(token_hash, account_id, created_at)
                        SELECT ?, id, ? FROM accounts WHERE id = ? ON CONFLICT DO NOTHING
                        """, arguments: [session.hash, session.createdAt, session.accountID])
                }
            }
        } catch {
            throw PaymentsError.storage("cannot restore snapshot \(name): \(error)")
        }
    }

    public func snapshots() async throws -> [String] {
        if let keeper = storage as? any SnapshotKeepingStorage {
            do { return try await keeper.snapshotNames() } catch { throw Self.reported(error) }
        }
        guard let directory = snapshotDirectory, FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw PaymentsError.storage("cannot list the snapshots in \(directory.path): \(error)")
        }
        return files.filter { $0.hasSuffix(".sqlite") && !$0.hasPrefix(".") }.map { String($0.dropLast(7)) }.sorted()
    }

    /// On SQLite, named snapshots are files copied with SQLite's online backup.
    private func snapshotDatabase(for name: String) throws -> any DatabaseWriter {
        guard let sqlite = storage as? SQLiteStorage else {
            throw PaymentsError.snapshotRejected(name: name, reason: "this store keeps no named snapshots")
        }
        return sqlite.database
    }

    private func snapshotFile(_ name: String) throws -> StoreSnapshotFile {
        StoreSnapshotFile(name: name, url: try snapshotURL(name))
    }

    private func snapshotURL(_ name: String) throws -> URL {
        guard let directory = snapshotDirectory else { throw PaymentsError.snapshotNotFound(name) }
        try Self.checkSnapshotName(name)
        return directory.appendingPathComponent(name + ".sqlite")
    }

    private static func checkSnapshotName(_ name: String) throws {
        guard (1...64).contains(name.count),
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
              !name.hasPrefix(".") else {
            throw PaymentsError.invalidInput(field: "snapshot", message: "use 1 to 64 letters, digits, '-', '_' or '.'")
        }
    }
}
