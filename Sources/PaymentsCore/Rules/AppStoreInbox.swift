import Foundation

/// The merchant's App Store Server Notifications V2 inbox, after every signature was checked:
/// each notification is applied once (its `notificationUUID` is claimed before anything else),
/// and what it teaches the merchant comes from the signed transaction it carries.
struct AppStoreInbox: Rules {
    let work: UnitOfWork
    var appStoreSales: AppStoreSales { AppStoreSales(work: work) }
    var storeSubscriptionMirror: StoreSubscriptionMirror { StoreSubscriptionMirror(work: work) }

    func apply(_ notification: StoreNotificationPayload, transaction: ReceivedTransaction?,
               renewal: RenewalInfoPayload?) async throws -> StoreNotificationOutcome {
        let claimed = try await store.execute("""
            INSERT INTO app_store_notifications_received(notification_uuid, type, subtype, transaction_id, signed_at,
                                                         outcome, received_at)
            VALUES (?, ?, ?, ?, ?, '', ?) ON CONFLICT DO NOTHING
            """, [notification.notificationUUID, notification.notificationType, notification.subtype,
                  transaction?.payload.transactionId, notification.signedDate, systemNow])
        guard claimed > 0 else { return .duplicate }
        let outcome = try await outcome(of: notification, transaction: transaction, renewal: renewal)
        try await store.execute("UPDATE app_store_notifications_received SET outcome = ? WHERE notification_uuid = ?",
                                [outcome.description, notification.notificationUUID])
        return outcome
    }

    /// Decided by the notification's type, so one this store does not apply (REFUND_REVERSED,
    /// CONSUMPTION_REQUEST, ...) is kept as `ignored` rather than taken for something known.
    private func outcome(of notification: StoreNotificationPayload, transaction: ReceivedTransaction?,
                         renewal: RenewalInfoPayload?) async throws -> StoreNotificationOutcome {
        let type = notification.notificationType
        if type == StoreNotificationKind.test.type { return .acknowledged }
        guard let transaction else { return .ignored("\(type) carries no transaction") }
        switch type {
        case "ONE_TIME_CHARGE":
            return try await appStoreSales.recordOneTime(transaction)
        case "REFUND", "REVOKE":
            return try await appStoreSales.revoke(transaction)
        case "SUBSCRIBED", "DID_RENEW", "DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED", "EXPIRED", "DID_CHANGE_RENEWAL_STATUS",
             "DID_CHANGE_RENEWAL_PREF", "PRICE_INCREASE":
            return try await storeSubscriptionMirror.apply(notification, transaction: transaction, renewal: renewal)
        default:
            return .ignored("\(type) is not a notification this store applies")
        }
    }
}
