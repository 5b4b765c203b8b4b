import Foundation
import PaymentsCore

/// App Store Server Notifications V2 to the notification URL (App Store Connect's setting, kept
/// with the merchant's settings): every notification the App Store queued (migration v30
/// queued those an older store still owed), signed when sent with the time it was
/// queued, retried on Apple's schedule on the App Store's clock. The merchant's own endpoint is
/// told as each change is made (`tellMerchant`); this outbox is what a server outside hears.
extension SimulatedAppStore {
    public func notifications() async throws -> [StoreNotification] {
        try await backing.readRecords { try await $0.notifications() }
    }

    /// Each notification with its `signedPayload` as it would be sent now.
    public func signedNotifications() async throws -> [(notification: StoreNotification, signedPayload: String)] {
        var signed: [(notification: StoreNotification, signedPayload: String)] = []
        for notification in try await notifications() {
            signed.append((notification, try await signedPayload(of: notification)))
        }
        return signed
    }

    /// App Store Connect's "Request a Test Notification".
    public func sendTestNotification() async throws -> StoreNotification {
        let uuid = backing.random.uuid().uuidString
        let systemNow = backing.clock.now
        return try await backing.writeRecords { records in
            try await records.queueNotification(uuid, "TEST", at: systemNow, sentFrom: systemNow)
            guard let queued = try await records.notification(uuid) else {
                throw PaymentsError.storage("the test notification \(uuid) was not stored")
            }
            return queued
        }
    }

    /// Posts every notification due now to the notification URL; a failure (an error or a status
    /// outside 200–299) is retried 1, 12, 24, 48 and 72 hours after the first attempt, on the
    /// App Store's clock. Without a URL nothing is sent and everything waits.
    public func deliverNotifications(transport: any StoreNotificationTransport) async throws -> StoreNotificationDeliveryReport {
        var report = StoreNotificationDeliveryReport()
        guard let address = try await merchant.settings().notificationURL else { return report }
        guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw PaymentsError.invalidInput(field: "notificationURL", message: "\(address) is not an http(s) URL")
        }
        let now = backing.clock.now
        for notification in try await backing.readRecords({ try await $0.dueNotifications(at: now) }) {
            let body = Data(#"{"signedPayload":"\#(try await signedPayload(of: notification))"}"#.utf8)
            var failure: String?
            do {
                let status = try await transport.post(body, to: url)
                if !(200..<300).contains(status) { failure = "HTTP \(status)" }
            } catch {
                failure = "\(error)"
            }
            let (outcome, attemptedAt) = (failure, backing.clock.now)
            try await backing.writeRecords {
                try await $0.recordAttempt(notification.uuid, delivered: outcome == nil, error: outcome, at: attemptedAt)
            }
            if failure == nil { report.delivered += 1 } else { report.failed += 1 }
        }
        return report
    }

    /// The notification as Apple sends it, signed with the App Store's chain: the transaction as
    /// the App Store holds it now, and for a subscription the renewal info and status it was
    /// queued with (one migration v30 queued: as the App Store's subscription is now).
    func signedPayload(of notification: StoreNotification) async throws -> String {
        guard let entry = try await backing.readRecords({ try await $0.outboxEntry(notification.uuid) }) else {
            throw PaymentsError.storage("notification \(notification.uuid) is not in the outbox")
        }
        // A transaction the tester cleared since is sent as none, as Apple would send what it has.
        var transaction: SignedTransaction?
        if let id = notification.transactionID { transaction = try await signedTransactionIfRecorded(id) }
        var (renewalInfo, status) = (entry.renewalInfo, entry.status)
        if renewalInfo == nil, let original = notification.subscriptionID,
           let subscription = try await backing.readRecords({ try await $0.subscription(original) }) {
            renewalInfo = try AppStoreRenewalInfo.signed(subscription, catalog: backing.catalog, signedAt: backing.clock.now,
                                                         signing: backing.signing).jws
            status = subscription.statusCode
        }
        return try AppStoreSale.notification(
            notification.kind.type, subtype: notification.kind.subtype, about: transaction, renewalInfo: renewalInfo,
            status: status, uuid: notification.uuid, catalog: backing.catalog, signedAt: entry.signedAt, signing: backing.signing)
    }
}
