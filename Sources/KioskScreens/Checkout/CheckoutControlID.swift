/// Ids of the checkout's controls, shared by the lines that draw them, the keys and the tests.
enum CheckoutControlID {
    static let cardNumber = CardFormLines.numberID
    static let promoCode = "promo.code"
    static let promoButton = "promo.button"
    static let receiptEmail = "receipt.email"
    static let pay = "pay"
    static let cancel = "cancel"

    static func payment(_ index: Int) -> String { "payment.\(index)" }
    static func status(_ index: Int) -> String { "status.\(index)" }
}
