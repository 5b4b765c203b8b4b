import Foundation
import KioskAPI
import PaymentsCore

/// The client apps' receipt endpoints, answered in their envelope (`status`, `message`,
/// `success`, `data`) rather than as problem details, because that is what those apps parse.
extension KioskAPIHandler {
    func submitAppStoreReceipt(_ input: Operations.SubmitAppStoreReceipt.Input) async throws
        -> Operations.SubmitAppStoreReceipt.Output {
        let accountID = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let submission = ReceiptSubmission(
            userID: body.uid, productID: body.pid, receipt: body.receipt,
            status: ReceiptSubmission.Status(rawValue: (body.status ?? .paid).rawValue) ?? .paid,
            sandbox: body.sandbox ?? true)
        let result: ReceiptRecordResult
        do {
            // Another customer's id answers exactly as an unknown one does.
            guard body.uid == accountID else { throw ReceiptBackendError.userNotFound(body.uid) }
            result = try await service.recordReceipt(submission)
        } catch {
            guard let failure = AppBackendFailure(error) else { throw error }
            return failure.receiptOutput
        }
        let data = Components.Schemas.AppStoreReceiptResponse.DataPayload(
            points: result.pointsCredited, isDuplicate: result.isDuplicate, transactionId: result.transactionID,
            country: result.storefrontCountry,
            purchaseStatus: .init(rawValue: result.purchaseStatus.rawValue) ?? .paid)
        let message = result.isDuplicate ? "This purchase was already recorded." : "Purchase recorded."
        return .ok(.init(body: .json(.init(status: 200, message: message, success: true, data: data))))
    }

    func verifyAppStoreReceipt(_ input: Operations.VerifyAppStoreReceipt.Input) async throws
        -> Operations.VerifyAppStoreReceipt.Output {
        _ = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        guard !body.receipt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return Self.invalid(.malformed, message: ReceiptBackendError.noReceipt.userMessage)
        }
        switch AppleReceiptStatus.of(try await service.verifyAppStoreTransaction(body.receipt), sandbox: body.sandbox ?? true) {
        case let .invalid(code):
            return Self.invalid(code, message: ReceiptBackendError.invalidReceipt("").userMessage)
        case let .valid(payload):
            // A verified payload's dates were decoded from whole milliseconds, so they count.
            guard let purchaseDate = payload.purchaseDate.millisecondsSince1970 else {
                return Self.invalid(.malformed, message: ReceiptBackendError.invalidReceipt("").userMessage)
            }
            let purchase = Components.Schemas.AppStoreInAppPurchase(
                productId: payload.productId, transactionId: payload.transactionId,
                originalTransactionId: payload.originalTransactionId, purchaseDateMs: String(purchaseDate))
            let data = Components.Schemas.AppStoreVerifyResponse.DataPayload(
                isValid: true, status: AppleReceiptStatus.Code.valid.rawValue, bundleId: payload.bundleId,
                inAppPurchases: [purchase])
            return .ok(.init(body: .json(.init(status: 200, message: "The receipt is valid.", success: true, data: data))))
        }
    }

    /// What the App Store posts; the signature authenticates it (see `receiveStoreNotification`).
    func receiveAppStoreNotification(_ input: Operations.ReceiveAppStoreNotification.Input) async throws
        -> Operations.ReceiveAppStoreNotification.Output {
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let outcome = try await service.receiveStoreNotification(signedPayload: body.signedPayload)
        return .ok(.init(body: .json(.init(outcome: outcome.description))))
    }

    private static func invalid(_ status: AppleReceiptStatus.Code, message: String)
        -> Operations.VerifyAppStoreReceipt.Output {
        let data = Components.Schemas.AppStoreVerifyResponse.DataPayload(isValid: false, status: status.rawValue,
                                                                         inAppPurchases: [])
        return .badRequest(.init(body: .json(.init(status: 400, message: message, success: false, data: data))))
    }
}
