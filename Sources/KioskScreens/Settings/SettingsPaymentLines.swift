import KioskViewModels
import PaymentsCore

/// Saved cards (make default, remove) and the add-card form.
enum SettingsPaymentLines {
    private static let cardFields = CardFormLines(
        number: { .app(.settings(.cardNumberChanged($0))) }, expiry: { .app(.settings(.cardExpiryChanged($0))) },
        cvc: { .app(.settings(.cardCVCChanged($0))) }, name: { .app(.settings(.cardNameChanged($0))) },
        postalCode: { .app(.settings(.cardPostalCodeChanged($0))) })

    static func add(_ settings: SettingsState, _ content: SettingsContent, to lines: inout LineBuilder) {
        if content.paymentMethods.isEmpty { lines.text("No saved cards.") }
        for method in content.paymentMethods {
            let expiry = String(format: "%02d/%d", method.expMonth, method.expYear)
            lines.text("\(method.brand.capitalized) ending in \(method.last4), expires \(expiry)"
                + (method.isDefault ? " (default)" : ""), method.isDefault ? .title : .base)
            var buttons: [(id: String, label: String, action: TerminalAction?)] = []
            if !method.isDefault {
                buttons.append(("card.\(method.id).default", "Make default",
                                .app(.settings(.setDefaultTapped(paymentMethodID: method.id)))))
            }
            buttons.append(("card.\(method.id).remove", "Remove", .app(.settings(.removeCardTapped(paymentMethodID: method.id)))))
            lines.buttons(buttons)
        }
        lines.blank()
        guard let form = settings.cardForm else {
            lines.buttons([("cards.add", "Add a card", .app(.settings(.addCardTapped)))])
            return
        }
        lines.text("New card", .header)
        let save = TerminalAction.app(.settings(.saveCardTapped))
        cardFields.add(form, submit: save, submitHint: "Save card", to: &lines)
        lines.buttons([("cards.save", "Save card", save), ("cards.close", "Cancel", .app(.settings(.closeCardForm)))])
    }
}
