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

    private func verifiedReceipt(_ submission: ReceiptSubmission) async throws -> TransactionPayload {
        guard !submission.receipt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw PaymentsError.receipt(.noReceipt)
        }
        switch try await appStoreVerifier.verify(submission.receipt, at: clock.now) {
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
