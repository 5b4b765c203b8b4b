import Foundation
import PaymentsCore

/// A receipt on the device, waiting to be uploaded to the merchant's backend.
struct QueuedReceipt: Sendable {
    var transactionID: String
    var accountID: String
    var productID: String
    /// Empty for a receipt queued before v28: the device takes its transaction's token.
    var jws: String
    var attempts: Int
    var dueAt: Date
}

/// The device's side of StoreKit's unfinished transactions: each receipt is uploaded to the
/// merchant's backend (`recordReceipt`, its public endpoint) until it lands, with backoff on the
/// customer's clock after a transient failure. The backend records each transaction once, so an
/// upload repeated (the duplicate switch, a crash after the upload and before the queue heard)
/// credits nothing twice; the dropped switch loses an upload on the way, as a flaky network does.
struct DeviceReceiptQueue {
    let appStore: SimulatedAppStore
    private var merchant: any PaymentsService { appStore.merchant }
    private var backing: AppStoreBacking { appStore.backing }

    func deliver() async throws -> ReceiptSyncReport {
        var report = ReceiptSyncReport()
        var clocks: [String: Date] = [:]
        let (queued, duplicated) = try await backing.readRecords { records in
            (try await records.queuedReceipts(), try await records.controls().duplicateReceiptSubmissions)
        }
        for receipt in queued {
            let now: Date
            if let known = clocks[receipt.accountID] {
                now = known
            } else {
                now = try await merchant.now(for: receipt.accountID)
                clocks[receipt.accountID] = now
            }
            guard receipt.dueAt <= now else { continue }
            let dropped = try await backing.writeRecords { records -> Bool in
                guard try await records.takeDroppedSubmission() else { return false }
                try await records.markFailed(receipt, at: now, error: "\(ReceiptBackendError.network)")
                return true
            }
            if dropped {
                report.failed += 1
                continue
            }
            if try await upload(receipt, at: now, twice: duplicated) { report.delivered += 1 } else { report.failed += 1 }
        }
        report.waiting = try await backing.readRecords { try await $0.waitingReceipts() }
        return report
    }

    /// One upload (`twice` with the duplicate switch on); true once the backend recorded it.
    private func upload(_ receipt: QueuedReceipt, at now: Date, twice: Bool) async throws -> Bool {
        do {
            // A receipt queued before its transaction was signed (stores older than v28).
            let token = receipt.jws.isEmpty ? try await appStore.signedTransaction(receipt.transactionID).jws : receipt.jws
            let submission = ReceiptSubmission(userID: receipt.accountID, productID: receipt.productID, receipt: token)
            _ = try await merchant.recordReceipt(submission)
            if twice { _ = try await merchant.recordReceipt(submission) }
        } catch let PaymentsError.receipt(error) {
            try await backing.writeRecords { records in
                if error.isTransient {
                    try await records.markFailed(receipt, at: now, error: "\(error)")
                } else {
                    try await records.markDelivered(receipt, at: now, error: "\(error)")
                }
            }
            return false
        } catch {
            // Anything else (the backend's store failing, a token that cannot be made) is kept
            // on the receipt and tried again later; one receipt never stops the others.
            try await backing.writeRecords { try await $0.markFailed(receipt, at: now, error: "\(error)") }
            return false
        }
        try await backing.writeRecords { try await $0.markDelivered(receipt, at: now) }
        return true
    }
}
