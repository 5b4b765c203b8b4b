import Foundation
import PaymentsCore

/// `kiosk store controls --json`: the same facts as the text, typed for scripts (numbers as
/// numbers, a fault that fails every call has `remaining: null`).
struct StoreControlsJSON: Encodable {
    struct Fault: Encodable {
        let operation: String
        let error: String
        @NullWhenAbsent var remaining: Int?
    }

    let askToBuy: Bool
    let interruptedPurchases: Bool
    let renewalsFail: Bool
    let gracePeriod: Bool
    let gracePeriodDays: Int
    let billingRetryDays: Int
    let droppedReceiptSubmissions: Int
    let duplicateReceiptSubmissions: Bool
    let backendServerErrors: Int
    let faults: [Fault]

    init(controls: StoreControls, settings: StoreSettings) {
        askToBuy = controls.askToBuy
        interruptedPurchases = controls.interruptedPurchases
        renewalsFail = controls.renewalsFail
        gracePeriod = settings.gracePeriodEnabled
        gracePeriodDays = settings.gracePeriodDays
        billingRetryDays = settings.billingRetryDays
        droppedReceiptSubmissions = controls.droppedReceiptSubmissions
        duplicateReceiptSubmissions = controls.duplicateReceiptSubmissions
        backendServerErrors = controls.backendServerErrors
        faults = controls.faults.map { Fault(operation: $0.operation.rawValue, error: $0.error.rawValue, remaining: $0.remaining) }
    }

    func encoded() throws -> String { try StatusJSON.encode(self) }
}
