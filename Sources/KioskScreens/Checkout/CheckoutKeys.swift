import KioskViewModels
import TerminalUI

/// The checkout's keys: the store sheet's y/n, each status's letters, Esc (or Backspace outside
/// a field) to back out the way the status allows, p and c to jump to payment or the promo
/// code, then the form keys (Tab, typing, Enter).
enum CheckoutKeys {
    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        guard let checkout = state.app.checkout else { return nil }
        let content = CheckoutContent(checkout, focus: state.checkout.form, compactSummary: false)
        if content.isStoreSheetShown {
            switch key {
            case .character("y"), .character("Y"): return .send(.app(.checkout(.storePurchaseConfirmed)))
            case .character("n"), .character("N"), .escape, .backspace: return .send(.app(.checkout(.storePurchaseDismissed)))
            default: return FormKeys.handle(key, controls: content.controls, focus: &state.checkout.form)?.effect ?? Effect.none
            }
        }
        let inField = content.controls.first { $0.id == state.checkout.form.id }?.field != nil
        if key == .escape || (key == .backspace && !inField) { return escape(checkout) }
        if !inField, case let .character(character) = key {
            if let shortcut = content.shortcuts.first(where: { $0.key == character }) { return .send(shortcut.action) }
            if checkout.status == .editing, let target = jumpTarget(character, content) {
                state.checkout.form.move(to: target)
                return Effect.none
            }
            if let index = savedCardIndex(character, state) {
                state.checkout.form.move(to: CheckoutControlID.payment(index))
                return .send(.app(.checkout(.selectPayment(.savedCard(paymentMethodID: checkout.savedCards[index].id)))))
            }
            if digitsPickCards(state), character.isASCII, character.isNumber { return typeNewCard(character, checkout, &state) }
        }
        if let effect = choiceKey(key, checkout, &state) { return effect }
        return FormKeys.handle(key, controls: content.controls, focus: &state.checkout.form)?.effect
    }

    /// On the payment choices ↑/↓ choose at once, as a radio group does; past either end they
    /// move on to the control before or after the group. Enter chooses and goes on: to the card
    /// number for a new card, else to Pay.
    private static func choiceKey(_ key: Key, _ checkout: CheckoutState, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        guard checkout.status == .editing, let id = state.checkout.form.id, id.hasPrefix("payment.") else { return nil }
        let choices = CheckoutPaymentLines.choices(checkout)
        guard let index = choices.indices.first(where: { CheckoutControlID.payment($0) == id }) else { return nil }
        let step: Int
        switch key {
        case .down, .character("j"): step = 1
        case .up, .character("k"): step = -1
        case .enter:
            state.checkout.form.move(to: choices[index] == .newCard ? CheckoutControlID.cardNumber : CheckoutControlID.pay)
            return .send(.app(.checkout(.selectPayment(choices[index]))))
        default: return nil
        }
        let next = index + step
        guard choices.indices.contains(next) else { return nil }
        state.checkout.form.move(to: CheckoutControlID.payment(next))
        return .send(.app(.checkout(.selectPayment(choices[next]))))
    }

    /// On the payment choices, digit N picks the N-th saved card (they are listed first); the
    /// digits then stop switching tabs, which the footer says.
    private static func savedCardIndex(_ character: Character, _ state: TerminalState) -> Int? {
        guard digitsPickCards(state), isOnPaymentChoices(state), let count = state.app.checkout?.savedCards.count,
              let digit = character.wholeNumberValue, (1...count).contains(digit) else { return nil }
        return digit - 1
    }

    private static func isOnPaymentChoices(_ state: TerminalState) -> Bool {
        state.checkout.form.id?.hasPrefix("payment.") == true
    }

    /// A digit typed elsewhere (on "Pay … with Visa 4242", say) is the start of a card number:
    /// it goes to a new card's number field, never silently away, so Enter cannot then charge the
    /// saved card for a card the person meant to type (issue 41, item 8).
    private static func typeNewCard(_ digit: Character, _ checkout: CheckoutState,
                                    _ state: inout TerminalState) -> Effect<TerminalAction> {
        state.checkout.form.move(to: CheckoutControlID.cardNumber)
        return .merge(.send(.app(.checkout(.selectPayment(.newCard)))),
                      .send(.app(.checkout(.cardNumberChanged(checkout.cardForm.number + String(digit))))))
    }

    /// Digits pick saved cards here instead of switching tabs.
    static func digitsPickCards(_ state: TerminalState) -> Bool {
        guard let checkout = state.app.checkout else { return false }
        return checkout.status == .editing && !checkout.isPlanChange && !checkout.savedCards.isEmpty
    }

    /// `p` goes to the payment choices, `c` to the promo code.
    private static func jumpTarget(_ character: Character, _ content: CheckoutContent) -> String? {
        let ids = content.controls.map(\.id)
        switch character {
        case "p": return ids.first { $0.hasPrefix("payment.") }
        case "c": return ids.first { $0 == CheckoutControlID.promoCode }
        default: return nil
        }
    }

    /// Backing out: cancel the checkout, the browser wait or the sheet; never while a payment
    /// is being processed (the key is taken so it cannot pop the screen either).
    private static func escape(_ checkout: CheckoutState) -> Effect<TerminalAction> {
        switch checkout.status {
        case .processing, .browser(.reconciling): .none
        case .browser(.creatingSession), .browser(.waiting): .send(.app(.checkout(.browserCancelTapped)))
        case .succeeded: .send(.app(.checkout(.doneTapped)))
        default: .send(.app(.checkout(.closeTapped)))
        }
    }

    private static func escapeHint(_ checkout: CheckoutState) -> String? {
        switch checkout.status {
        case .processing, .browser(.reconciling): nil
        case .editing: "Cancel checkout"
        case .browser(.creatingSession), .browser(.waiting): "Cancel"
        case .succeeded: "Done"
        default: "Close"
        }
    }

    /// A text field has focus: letters and digits type into it instead of acting as keys.
    static func isTyping(_ state: TerminalState) -> Bool {
        guard let checkout = state.app.checkout else { return false }
        let content = CheckoutContent(checkout, focus: state.checkout.form, compactSummary: false)
        return content.controls.first { $0.id == state.checkout.form.id }?.field != nil
    }

    static func hints(_ state: TerminalState) -> [KeyHint] {
        guard let checkout = state.app.checkout else { return [] }
        let content = CheckoutContent(checkout, focus: state.checkout.form, compactSummary: false)
        if content.isStoreSheetShown {
            return [KeyHint(key: "y", action: "Buy"), KeyHint(key: "n", action: "Cancel")]
        }
        var hints = content.shortcuts.compactMap { shortcut in shortcut.key.map { KeyHint(key: String($0), action: shortcut.label) } }
        if let escape = escapeHint(checkout) { hints.append(KeyHint(key: "Esc", action: escape)) }
        hints += FormKeys.hints(controls: content.controls, focus: state.checkout.form)
        let inField = content.controls.first { $0.id == state.checkout.form.id }?.field != nil
        if checkout.status == .editing, !inField, !checkout.isPlanChange {
            let count = checkout.savedCards.count
            if !isOnPaymentChoices(state), count > 0 { hints.append(KeyHint(key: "0-9", action: "New card")) }
            if isOnPaymentChoices(state), count == 1 { hints.append(KeyHint(key: "1", action: "Saved card")) }
            if isOnPaymentChoices(state), count > 1 { hints.append(KeyHint(key: "1-\(min(count, 9))", action: "Saved cards")) }
            hints += [KeyHint(key: "p", action: "Payment"), KeyHint(key: "c", action: "Promo code")]
        }
        return hints
    }
}
