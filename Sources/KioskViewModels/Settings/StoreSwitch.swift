import PaymentsCore

/// The on/off store controls the QA panel flips.
public enum StoreSwitch: String, Hashable, Sendable, CaseIterable {
    case askToBuy, interruptedPurchases, renewalsFail, duplicateReceiptSubmissions

    public var title: String {
        switch self {
        case .askToBuy: "Ask to Buy"
        case .interruptedPurchases: "Interrupted purchases"
        case .renewalsFail: "Renewals fail"
        case .duplicateReceiptSubmissions: "Submit every receipt twice"
        }
    }

    public func isOn(_ controls: StoreControls) -> Bool {
        switch self {
        case .askToBuy: controls.askToBuy
        case .interruptedPurchases: controls.interruptedPurchases
        case .renewalsFail: controls.renewalsFail
        case .duplicateReceiptSubmissions: controls.duplicateReceiptSubmissions
        }
    }

    func set(_ on: Bool, in controls: inout StoreControls) {
        switch self {
        case .askToBuy: controls.askToBuy = on
        case .interruptedPurchases: controls.interruptedPurchases = on
        case .renewalsFail: controls.renewalsFail = on
        case .duplicateReceiptSubmissions: controls.duplicateReceiptSubmissions = on
        }
    }
}
