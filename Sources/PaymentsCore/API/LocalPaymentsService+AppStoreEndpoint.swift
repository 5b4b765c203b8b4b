import Foundation

/// The merchant's App Store Server Notifications V2 endpoint: what the App Store tells the store.
extension LocalPaymentsService {
    /// Verifies a notification's `signedPayload` and the transaction inside it against the App
    /// Store's root only (the merchant's own chain signs no notification), checks they are for this
    /// app and environment, then applies it once (see `AppStoreInbox`).
    public func receiveStoreNotification(signedPayload: String) async throws -> StoreNotificationOutcome {
        let (now, appStoreVerifier) = (clock.now, try self.appStoreVerifier)
        let notification: StoreNotificationPayload
        do {
            notification = try await appStoreVerifier.verifiedPayload(of: signedPayload, as: StoreNotificationPayload.self, at: now)
        } catch {
            throw PaymentsError.invalidInput(field: "signedPayload", message: "\(error)")
        }
        try requireThisApp(bundleID: notification.data.bundleId, environment: notification.data.environment,
                           field: "signedPayload.data")
        var received: ReceivedTransaction?
        if let signed = notification.data.signedTransactionInfo {
            switch await appStoreVerifier.verify(signed, at: now) {
            case let .verified(payload):
                try requireThisApp(bundleID: payload.bundleId, environment: payload.environment,
                                   field: "signedPayload.data.signedTransactionInfo")
                received = try ReceivedTransaction(jws: signed, payload: payload)
            case let .unverified(reason, _):
                throw PaymentsError.invalidInput(field: "signedPayload.data.signedTransactionInfo", message: "\(reason)")
            }
        }
        var renewal: RenewalInfoPayload?
        if let signed = notification.data.signedRenewalInfo {
            do {
                renewal = try await appStoreVerifier.verifiedPayload(of: signed, as: RenewalInfoPayload.self, at: now)
            } catch {
                throw PaymentsError.invalidInput(field: "signedPayload.data.signedRenewalInfo", message: "\(error)")
            }
            if let renewal, let received, renewal.originalTransactionId != received.payload.originalTransactionId {
                throw PaymentsError.invalidInput(field: "signedPayload.data.signedRenewalInfo.originalTransactionId",
                                                 message: "\(renewal.originalTransactionId) is not the transaction's \(received.payload.originalTransactionId)")
            }
        }
        let (transaction, renewalInfo) = (received, renewal)
        return try await write { try await $0.appStoreInbox.apply(notification, transaction: transaction, renewal: renewalInfo) }
    }

    public func storePurchaseRecord(transactionID: String) async throws -> PurchaseReceipt? {
        try await read { try await $0.appStoreSales.purchaseReceipt(transactionID: transactionID) }
    }

    private func requireThisApp(bundleID: String, environment: TransactionEnvironment, field: String) throws {
        guard bundleID == storeCatalog.signingBundleID else {
            throw PaymentsError.invalidInput(field: "\(field).bundleId",
                                             message: "\(bundleID) is not this store's app (\(storeCatalog.signingBundleID))")
        }
        guard environment == storeCatalog.signingEnvironment else {
            throw PaymentsError.invalidInput(field: "\(field).environment",
                                             message: "\(environment.rawValue) is not this store's environment (\(storeCatalog.signingEnvironment.rawValue))")
        }
    }
}
