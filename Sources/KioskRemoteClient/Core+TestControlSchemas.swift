import Foundation
import KioskAPI
import PaymentsCore

/// The test-control API's shapes as core values, for the QA panel. Store operations and errors
/// share raw values with the contract, as the server's own mapping of them does.
extension PaymentsCore.StoreControls {
    init(_ controls: Components.Schemas.StoreControls) throws {
        self.init(
            askToBuy: controls.askToBuy ?? false, interruptedPurchases: controls.interruptedPurchases ?? false,
            renewalsFail: controls.renewalsFail ?? false,
            faults: try (controls.faults ?? []).map { fault in
                guard let operation = StoreOperation(rawValue: fault.operation.rawValue),
                      let error = StoreError(rawValue: fault.error.rawValue) else {
                    throw RemoteMappingFailure("a fault on \(fault.operation.rawValue) this storefront does not know")
                }
                return StoreFault(operation: operation, error: error, remaining: fault.remaining)
            },
            droppedReceiptSubmissions: controls.droppedReceiptSubmissions ?? 0,
            duplicateReceiptSubmissions: controls.duplicateReceiptSubmissions ?? false,
            backendUnreachableUntil: controls.backendUnreachableUntil,
            backendServerErrors: controls.backendServerErrors ?? 0)
    }
}

extension Components.Schemas.StoreControls {
    init(_ controls: PaymentsCore.StoreControls) throws {
        self.init(askToBuy: controls.askToBuy, interruptedPurchases: controls.interruptedPurchases,
                  renewalsFail: controls.renewalsFail,
                  faults: try controls.faults.map { fault in
                      guard let operation = Components.Schemas.StoreFault.OperationPayload(rawValue: fault.operation.rawValue),
                            let error = Components.Schemas.StoreFault._ErrorPayload(rawValue: fault.error.rawValue) else {
                          throw RemoteMappingFailure("a fault on \(fault.operation.rawValue) the server's contract does not name")
                      }
                      return .init(operation: operation, error: error, remaining: fault.remaining)
                  },
                  droppedReceiptSubmissions: controls.droppedReceiptSubmissions,
                  duplicateReceiptSubmissions: controls.duplicateReceiptSubmissions,
                  backendUnreachableUntil: controls.backendUnreachableUntil,
                  backendServerErrors: controls.backendServerErrors)
    }
}

extension PaymentsCore.PendingAction {
    init(_ action: Components.Schemas.PendingAction) throws {
        guard let kind = Kind(rawValue: action.kind.rawValue) else {
            throw RemoteMappingFailure("a pending action of kind \(action.kind.rawValue) this storefront does not know")
        }
        self.init(id: action.id, accountID: action.accountId, kind: kind, productID: action.productId,
                  subscriptionID: action.subscriptionId, createdAt: action.createdAt,
                  newPrice: try action.newPrice.map(Money.init))
    }
}

extension PaymentsCore.TestClock {
    init(_ clock: Components.Schemas.TestClock) {
        self.init(id: clock.id, name: clock.name, frozenTime: clock.frozenTime, createdAt: clock.createdAt)
    }
}

extension PaymentsCore.ClockAdvanceReport {
    init(_ report: Components.Schemas.ClockAdvanceReport) {
        self.init(clockID: report.clockId, from: report.from, to: report.to)
        renewals = report.renewals
        failedRenewals = report.failedRenewals
        recoveries = report.recoveries
        expirations = report.expirations
        trialConversions = report.trialConversions
    }
}

extension PaymentsCore.WebhookDelivery {
    init(_ delivery: Components.Schemas.WebhookDelivery) throws {
        guard let eventType = WebhookEventType(rawValue: delivery.eventType) else {
            throw RemoteMappingFailure("webhook delivery \(delivery.id) has an unknown event type \"\(delivery.eventType)\"")
        }
        let status: WebhookDeliveryStatus = switch delivery.status {
        case .pending: .pending
        case .delivered: .delivered
        case .failed: .failed
        case .dropped: .dropped
        }
        self.init(id: delivery.id, messageID: delivery.messageId, eventType: eventType, body: Data(delivery.body.utf8),
                  status: status, attempts: delivery.attempts, firstAttemptAt: delivery.firstAttemptAt,
                  nextAttemptAt: delivery.nextAttemptAt, lastError: delivery.lastError, deliveredAt: delivery.deliveredAt)
    }
}
