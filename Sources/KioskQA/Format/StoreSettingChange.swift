import Foundation
import PaymentsCore

/// One entry of a `set` step: a store control or fault, written straight to the store as the
/// QA panel would.
public enum StoreSettingChange: Sendable, Hashable {
    case askToBuy(Bool)
    case interruptedPurchases(Bool)
    case renewalsFail(Bool)
    case duplicateReceipts(Bool)
    case droppedReceipts(Int)
    case backendErrors(Int)
    /// The backend is unreachable for this long from the scenario's current time.
    case backendUnreachableFor(ISODuration)
    case fault(StoreFault)
    case clearFaults
    /// The store's lifecycle setting: a failed renewal keeps access for the grace period first.
    case gracePeriod(Bool)

    func apply(to controls: inout StoreControls, now: Date) throws(DateArithmeticError) {
        switch self {
        case let .askToBuy(on): controls.askToBuy = on
        case let .interruptedPurchases(on): controls.interruptedPurchases = on
        case let .renewalsFail(on): controls.renewalsFail = on
        case let .duplicateReceipts(on): controls.duplicateReceiptSubmissions = on
        case let .droppedReceipts(count): controls.droppedReceiptSubmissions = count
        case let .backendErrors(count): controls.backendServerErrors = count
        case let .backendUnreachableFor(duration): controls.backendUnreachableUntil = try duration.advance(now)
        case let .fault(fault):
            controls.faults.removeAll { $0.operation == fault.operation }
            controls.faults.append(fault)
        case .clearFaults: controls.faults = []
        case .gracePeriod: break
        }
    }

    func apply(to settings: inout StoreSettings) {
        if case let .gracePeriod(on) = self { settings.gracePeriodEnabled = on }
    }
}
