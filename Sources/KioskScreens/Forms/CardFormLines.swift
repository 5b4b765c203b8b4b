import KioskViewModels
import PaymentsCore
import TerminalUI

/// The card fields (number with live brand and grouping, expiry, masked CVC, name, postal code)
/// with each field's message from the view model. Checkout and Settings bind them to their own
/// actions.
struct CardFormLines {
    var number: @Sendable (String) -> TerminalAction
    var expiry: @Sendable (String) -> TerminalAction
    var cvc: @Sendable (String) -> TerminalAction
    var name: @Sendable (String) -> TerminalAction
    var postalCode: @Sendable (String) -> TerminalAction

    static let numberID = "card.number"
    static let expiryID = "card.expiry"
    static let cvcID = "card.cvc"
    static let nameID = "card.name"
    static let postalCodeID = "card.postalCode"

    /// A submission that found problems takes focus to the first field with one; later edits
    /// (which clear that field's message) leave focus where the person is typing.
    static func focusFirstProblem(_ errors: CardValidationErrors, hadProblems: inout Bool, focus: inout FormFocus) {
        defer { hadProblems = !errors.isEmpty }
        guard !hadProblems, let first = errors.fieldMessages.first?.field else { return }
        focus.move(to: id(of: first))
    }

    static func id(of field: CardField) -> String {
        switch field {
        case .number: numberID
        case .expiry: expiryID
        case .cvc: cvcID
        case .postalCode: postalCodeID
        }
    }

    /// Enter in a field goes on to the next one, as on a paper form; in the last it submits.
    func add(_ form: CardFormState, submit: TerminalAction, submitHint: String, to lines: inout LineBuilder) {
        let errors = form.errors
        let brand = form.number.isEmpty ? nil : form.brand.displayName
        let next = { (id: String) in TerminalAction.focus(id) }
        lines.field(id: Self.numberID, TextField(label: "Card number", text: form.number, trailing: brand,
                                                 error: errors.message(for: .number), width: 22),
                    binding: FieldBinding(text: form.number, isSignificant: FieldBinding.digitsOnly, change: number),
                    submit: next(Self.expiryID), submitHint: "Next field")
        lines.field(id: Self.expiryID, TextField(label: "Expiry MM/YY", text: form.expiry, error: errors.message(for: .expiry),
                                                 width: 7),
                    binding: FieldBinding(text: form.expiry, isSignificant: FieldBinding.digitsOnly, change: expiry),
                    submit: next(Self.cvcID), submitHint: "Next field")
        lines.field(id: Self.cvcID, TextField(label: "CVC", text: form.cvc, isMasked: true, error: errors.message(for: .cvc),
                                              width: 6),
                    binding: FieldBinding(text: form.cvc, isSignificant: FieldBinding.digitsOnly, change: cvc),
                    submit: next(Self.nameID), submitHint: "Next field")
        lines.field(id: Self.nameID, TextField(label: "Name on card", text: form.name, width: 22),
                    binding: FieldBinding(text: form.name, change: name), submit: next(Self.postalCodeID), submitHint: "Next field")
        lines.field(id: Self.postalCodeID, TextField(label: "Postal code", text: form.postalCode,
                                                     error: errors.message(for: .postalCode), width: 10),
                    binding: FieldBinding(text: form.postalCode, change: postalCode), submit: submit, submitHint: submitHint)
    }
}
