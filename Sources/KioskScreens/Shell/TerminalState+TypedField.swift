import KioskViewModels

extension TerminalState {
    /// Focus follows the field being typed, whoever types it: a QA flow or the demo changes a
    /// card field through the view model, without the Tab a person would press, and the focus
    /// marker stayed on "Card number" while the other fields filled (issue 41, item 13). Keys
    /// typed into the focused field leave focus (and its cursor) where it is.
    mutating func followTypedField(_ action: AppAction) {
        switch action {
        case let .checkout(action):
            guard let id = Self.fieldID(action) else { return }
            checkout.form.move(to: id)
        case let .settings(action):
            guard let id = Self.fieldID(action) else { return }
            settings.form.move(to: id)
        default:
            return
        }
    }

    private static func fieldID(_ action: CheckoutAction) -> String? {
        switch action {
        case .cardNumberChanged: CardFormLines.numberID
        case .cardExpiryChanged: CardFormLines.expiryID
        case .cardCVCChanged: CardFormLines.cvcID
        case .cardNameChanged: CardFormLines.nameID
        case .cardPostalCodeChanged: CardFormLines.postalCodeID
        case .promoCodeChanged: CheckoutControlID.promoCode
        default: nil
        }
    }

    private static func fieldID(_ action: SettingsAction) -> String? {
        switch action {
        case .cardNumberChanged: CardFormLines.numberID
        case .cardExpiryChanged: CardFormLines.expiryID
        case .cardCVCChanged: CardFormLines.cvcID
        case .cardNameChanged: CardFormLines.nameID
        case .cardPostalCodeChanged: CardFormLines.postalCodeID
        default: nil
        }
    }
}
