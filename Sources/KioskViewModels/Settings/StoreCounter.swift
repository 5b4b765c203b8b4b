import PaymentsCore

/// The counted store faults: they apply to the next N receipts, then stop by themselves.
public enum StoreCounter: String, Hashable, Sendable, CaseIterable {
    case droppedReceiptSubmissions, backendServerErrors

    public var title: String {
        switch self {
        case .droppedReceiptSubmissions: "Drop the next receipts before the backend"
        case .backendServerErrors: "Backend server errors for the next receipts"
        }
    }

    public func value(_ controls: StoreControls) -> Int {
        switch self {
        case .droppedReceiptSubmissions: controls.droppedReceiptSubmissions
        case .backendServerErrors: controls.backendServerErrors
        }
    }

    func set(_ value: Int, in controls: inout StoreControls) {
        switch self {
        case .droppedReceiptSubmissions: controls.droppedReceiptSubmissions = value
        case .backendServerErrors: controls.backendServerErrors = value
        }
    }
}
