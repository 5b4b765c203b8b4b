import Foundation

/// App Store Server Notifications V2: collected from the store's events into a durable outbox,
/// signed when sent, posted to the notification URL of the store's settings with Apple's retries.
extension LocalPaymentsService {
    /// Every notification so far (collecting the events not looked at yet first), oldest first.
    func storeNotifications() async throws -> [StoreNotification] {
        try await write { work in
            _ = try await work.storeNotificationQueue.collectStoreNotifications()
            return try await work.storeNotificationQueue.storeNotifications()
        }
    }

    /// Queues a TEST notification, as App Store Connect's "Request a Test Notification" does.
    func sendTestNotification() async throws -> StoreNotification {
        try await write { try await $0.storeNotificationQueue.enqueueTestNotification() }
    }

    /// Each notification with its `signedPayload` as it would be sent now.
    func signedStoreNotifications() async throws -> [(notification: StoreNotification, signedPayload: String)] {
        try await write { work in
            _ = try await work.storeNotificationQueue.collectStoreNotifications()
            var signed: [(notification: StoreNotification, signedPayload: String)] = []
            for notification in try await work.storeNotificationQueue.storeNotifications() {
                signed.append((notification, try await work.storeNotificationQueue.signedPayload(of: notification).jws))
            }
            return signed
        }
    }

    /// Posts every notification due now to the settings' notification URL; a failure (an error or
    /// a status outside 200–299) is retried 1, 12, 24, 48 and 72 hours after the first attempt, on
    /// the injected clock. Without a URL nothing is sent and everything waits.
    @discardableResult
    func deliverStoreNotifications(transport: any StoreNotificationTransport) async throws
        -> StoreNotificationDeliveryReport {
        let (due, address) = try await write { work in
            _ = try await work.storeNotificationQueue.collectStoreNotifications()
            return (try await work.storeNotificationQueue.dueStoreNotifications(), try await work.settings().notificationURL)
        }
        var report = StoreNotificationDeliveryReport()
        guard let address else { return report }
        guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw PaymentsError.invalidInput(field: "notificationURL", message: "\(address) is not an http(s) URL")
        }
        for notification in due {
            let signed = try await write { try await $0.storeNotificationQueue.signedPayload(of: notification).jws }
            let body = Data(#"{"signedPayload":"\#(signed)"}"#.utf8)
            var failure: String?
            do {
                let status = try await transport.post(body, to: url)
                if !(200..<300).contains(status) { failure = "HTTP \(status)" }
            } catch {
                failure = "\(error)"
            }
            let outcome = failure
            try await write { try await $0.storeNotificationQueue.recordNotificationAttempt(notification.uuid, delivered: outcome == nil, error: outcome) }
            if failure == nil { report.delivered += 1 } else { report.failed += 1 }
        }
        return report
    }
}
