/// The App Store's own switches: its sheet's (ask to buy, interrupted purchases), its renewals'
/// (the store account's charge fails) and the device's upload of receipts to the merchant's
/// backend (dropped, duplicated). The tester sees them with the merchant's in one `StoreControls`
/// (`TestControlDesk` joins and splits them; "renewals fail" is one switch to the tester, kept by
/// both sides: the merchant's fails its card renewals, the App Store's its own).
public struct AppStoreControls: Hashable, Sendable, Codable {
    public var askToBuy = false
    public var interruptedPurchases = false
    public var renewalsFail = false
    public var droppedReceiptSubmissions = 0
    public var duplicateReceiptSubmissions = false

    public init(askToBuy: Bool = false, interruptedPurchases: Bool = false, renewalsFail: Bool = false,
                droppedReceiptSubmissions: Int = 0, duplicateReceiptSubmissions: Bool = false) {
        self.askToBuy = askToBuy
        self.interruptedPurchases = interruptedPurchases
        self.renewalsFail = renewalsFail
        self.droppedReceiptSubmissions = droppedReceiptSubmissions
        self.duplicateReceiptSubmissions = duplicateReceiptSubmissions
    }

    private enum CodingKeys: String, CodingKey {
        case askToBuy, interruptedPurchases, renewalsFail, droppedReceiptSubmissions, duplicateReceiptSubmissions
    }

    /// Each switch absent is off: the App Store's first row is the tester's controls as the
    /// merchant kept them (migration v26), and only these five of them are the App Store's.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        askToBuy = try container.decodeIfPresent(Bool.self, forKey: .askToBuy) ?? false
        interruptedPurchases = try container.decodeIfPresent(Bool.self, forKey: .interruptedPurchases) ?? false
        renewalsFail = try container.decodeIfPresent(Bool.self, forKey: .renewalsFail) ?? false
        droppedReceiptSubmissions = try container.decodeIfPresent(Int.self, forKey: .droppedReceiptSubmissions) ?? 0
        duplicateReceiptSubmissions = try container.decodeIfPresent(Bool.self, forKey: .duplicateReceiptSubmissions) ?? false
    }

    /// The App Store's part of the tester's controls.
    public init(_ controls: StoreControls) {
        self.init(askToBuy: controls.askToBuy, interruptedPurchases: controls.interruptedPurchases,
                  renewalsFail: controls.renewalsFail, droppedReceiptSubmissions: controls.droppedReceiptSubmissions,
                  duplicateReceiptSubmissions: controls.duplicateReceiptSubmissions)
    }
}

extension StoreControls {
    /// These controls with the App Store's part taken from `appStore` ("renewals fail" stays the
    /// merchant's copy: the desk sets both alike).
    func joined(with appStore: AppStoreControls) -> StoreControls {
        var joined = self
        joined.askToBuy = appStore.askToBuy
        joined.interruptedPurchases = appStore.interruptedPurchases
        joined.droppedReceiptSubmissions = appStore.droppedReceiptSubmissions
        joined.duplicateReceiptSubmissions = appStore.duplicateReceiptSubmissions
        return joined
    }

    /// The merchant's part: the App Store's own switches off, "renewals fail" kept for its cards.
    var merchantsPart: StoreControls { joined(with: AppStoreControls()) }
}
