import Foundation

extension LocalPaymentsService {
    /// The app backend's receipt endpoint: verify the JWS, then record it once.
    /// The receipt may be the JWS or the base64 of one.
    public func recordReceipt(_ submission: ReceiptSubmission) async throws -> ReceiptRecordResult {
        var submission = submission
        submission.receipt = ReceiptText.compactJWS(from: submission.receipt)
        let payload = try await verifiedReceipt(submission)
        return try await backendWrite { [submission] in try await $0.receiptsBackend.recordVerifiedReceipt(submission, payload: payload) }
    }

    /// Checks a receipt as `recordReceipt` would, without recording anything.
    public func verifyReceipt(_ submission: ReceiptSubmission) async throws -> ReceiptRecordResult {
        var submission = submission
        submission.receipt = ReceiptText.compactJWS(from: submission.receipt)
        let payload = try await verifiedReceipt(submission)
        return try await backendWrite { [submission] in
            try await $0.receiptsBackend.recordVerifiedReceipt(submission, payload: payload, checkOnly: true)
        }
    }

    /// Delivers every due receipt in the sync queue. A receipt whose delivery fails for a
    /// transient reason (the network dropped, the backend was unreachable) stays queued with
    /// exponential backoff; the backend's own deduplication makes redelivery harmless, so each
    /// purchase is recorded exactly once however many attempts it took.
    @discardableResult
    func syncReceipts() async throws -> ReceiptSyncReport {
        var report = ReceiptSyncReport()
        for receipt in try await write({ try await $0.receiptsBackend.dueReceipts() }) {
            let dropped = try await write { work in
                guard try await work.receiptsBackend.takeDroppedSubmission() else { return false }
                try await work.receiptsBackend.markFailed(receipt, error: .network)
                return true
            }
            if dropped {
                report.failed += 1
                continue
            }
            let submission = ReceiptSubmission(userID: receipt.accountID, productID: receipt.productID, receipt: try receipt.token.compact())
            let payload: TransactionPayload
            do {
                payload = try await verifiedReceipt(submission)
            } catch let PaymentsError.receipt(error) {
                try await write { try await $0.receiptsBackend.markDelivered(receipt, error: error) }
                report.failed += 1
                continue
            }
            let delivered = try await write { work -> Bool in
                do {
                    _ = try await work.receiptsBackend.recordVerifiedReceipt(submission, payload: payload)
                    if try await work.testControls.controls().duplicateReceiptSubmissions {
                        _ = try await work.receiptsBackend.recordVerifiedReceipt(submission, payload: payload)
                    }
                    try await work.receiptsBackend.markDelivered(receipt)
                    return true
                } catch let error as ReceiptBackendError {
                    if error.isTransient { try await work.receiptsBackend.markFailed(receipt, error: error) } else { try await work.receiptsBackend.markDelivered(receipt, error: error) }
                    return false
                }
            }
            if delivered { report.delivered += 1 } else { report.failed += 1 }
        }
        report.waiting = try await read { try await $0.receiptsBackend.waitingReceipts() }
        return report
    }

    private func verifiedReceipt(_ submission: ReceiptSubmission) async throws -> TransactionPayload {
        guard !submission.receipt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw PaymentsError.receipt(.noReceipt)
        }
        switch await appStoreVerifier.verify(submission.receipt, at: clock.now) {
        case let .verified(payload): return payload
        case let .unverified(reason, _): throw PaymentsError.receipt(.invalidReceipt("\(reason)"))
        }
    }

    private func backendWrite<T: Sendable>(_ body: @escaping @Sendable (UnitOfWork) async throws -> T) async throws -> T {
        let result: Result<T, ReceiptBackendError> = try await write { work in
            do { return .success(try await body(work)) } catch let error as ReceiptBackendError { return .failure(error) }
        }
        return try result.mapError(PaymentsError.receipt).get()
    }
}
