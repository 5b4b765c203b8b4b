import Foundation
import KioskAPI
import PaymentsCore

extension Components.Schemas.WebhookDelivery {
    init(_ delivery: PaymentsCore.WebhookDelivery) {
        self.init(id: delivery.id, messageId: delivery.messageID, eventType: delivery.eventType.rawValue,
                  status: Self.status(delivery.status), attempts: delivery.attempts,
                  firstAttemptAt: delivery.firstAttemptAt, nextAttemptAt: delivery.nextAttemptAt,
                  lastError: delivery.lastError, deliveredAt: delivery.deliveredAt,
                  body: String(decoding: delivery.body, as: UTF8.self))
    }

    private static func status(_ status: WebhookDeliveryStatus) -> StatusPayload {
        switch status {
        case .pending: .pending
        case .delivered: .delivered
        case .failed: .failed
        case .dropped: .dropped
        }
    }
}
