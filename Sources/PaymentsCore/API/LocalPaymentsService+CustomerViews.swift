import Foundation

extension LocalPaymentsService {
    public func restorePurchases(accountID: String, includeInactive: Bool) async throws -> RestoreResult {
        let found: Result<RestoreFindings, RestoreError>
        do {
            found = try await write(failing: .restore) { try await $0.purchases.restore(accountID: accountID, includeInactive: includeInactive) }
        } catch let PaymentsError.store(error) {
            throw PaymentsError.restore(.serviceError(error))
        }
        let findings = try found.mapError(PaymentsError.restore).get()
        for proof in findings.proofs {
            guard case let .verified(payload) = try await verifier.verify(proof.jws, at: clock.now),
                  payload.transactionId == proof.transactionID, payload.productId == proof.productID else {
                throw PaymentsError.restore(.invalidReceiptData(productID: proof.productID))
            }
        }
        return findings.result
    }

    public func customerInfo(accountID: String) async throws -> CustomerInfo {
        try await read(failing: .subscriptionStatus) { try await $0.customerAccess.customerInfo(accountID: accountID) }
    }

    public func customerOverview(accountID: String) async throws -> CustomerOverview {
        try await read(failing: .subscriptionStatus) { try await $0.customerAccess.customerOverview(accountID: accountID) }
    }

    public func statusVocabulary(subscriptionID: String) async throws -> SubscriptionStatusVocabulary {
        try await read { SubscriptionStatusVocabulary(try await $0.subscription(subscriptionID).subscription) }
    }

    @discardableResult
    public func track(_ event: AnalyticsEvent, accountID: String) async throws -> AnalyticsEntry {
        try await write { try await $0.analyticsLog.track(event, accountID: accountID) }
    }

    public func analytics(accountID: String, after: Int64?, limit: Int) async throws -> [AnalyticsEntry] {
        try await readFeed(accountID: accountID) { try await $0.analyticsLog.analytics(accountID: accountID, after: after, limit: limit) }
    }

    /// A read; only when a trial has entered its last days without a notice does it write one
    /// first (and nothing else: due work waits for the scheduler), so polling stays cheap and each
    /// trial is announced once.
    public func notifications(accountID: String, after: Int64?) async throws -> [CustomerNotice] {
        let unannounced = try await read { try await !$0.customerNotices.trialsEndingWithoutNotice(accountID: accountID).isEmpty }
        if unannounced {
            try await writeWithoutDueWork { try await $0.customerNotices.recordTrialEndingNotices(accountID: accountID) }
        }
        return try await readFeed(accountID: accountID) { try await $0.customerNotices.notices(accountID: accountID, after: after) }
    }
}
