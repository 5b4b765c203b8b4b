import KioskViewModels
import PaymentsCore
import TerminalUI

/// The editing form: how to pay (saved cards, a new card, the store account, the browser),
/// the card fields, the promo code and the Pay button.
enum CheckoutPaymentLines {
    typealias ID = CheckoutControlID

    static func add(_ checkout: CheckoutState, _ summary: OrderSummary, to lines: inout LineBuilder) {
        let submit = TerminalAction.app(.checkout(.submitTapped))
        if checkout.isPlanChange {
            lines.text("The change is charged to your subscription's payment method.")
        } else {
            if let email = checkout.receiptEmail {
                lines.text("Your email, for receipts (asked once)", .header)
                lines.field(id: ID.receiptEmail, TextField(label: "Email", text: email,
                                                           error: checkout.receiptEmailError, width: 32),
                            binding: FieldBinding(text: email, change: { .app(.checkout(.receiptEmailChanged($0))) }),
                            submit: submit, submitHint: "Pay")
                lines.blank()
            }
            lines.text("Pay with", .header)
            for (index, choice) in choices(checkout).enumerated() {
                lines.choice(id: ID.payment(index), label(choice, checkout), isOn: checkout.payment == choice,
                             action: .app(.checkout(.selectPayment(choice))), enterHint: "Choose")
            }
            if let withheld = checkout.browserWithheld { lines.text("No browser checkout: \(withheld)", .disabled) }
            switch checkout.payment {
            case .newCard: cardFields.add(checkout.cardForm, submit: submit, submitHint: "Pay", to: &lines)
            case .browser: lines.text("You finish paying on a secure page in your browser.")
            case .storeAccount: lines.text("Billed to your store account after you confirm.")
            case .savedCard: break
            }
            lines.blank()
            addPromo(checkout, submit: submit, to: &lines)
        }
        lines.blank()
        if let split = summary.balanceSplit, checkout.payment != .storeAccount,
           let paid = PaymentSplitWording.text(split, card: cardName(checkout)) {
            lines.text("Paid with: \(paid)", .success)
        }
        lines.buttons([(ID.pay, payLabel(checkout, summary), submit),
                       (ID.cancel, "Cancel", .app(.checkout(.closeTapped)))])
    }

    private static let cardFields = CardFormLines(
        number: { .app(.checkout(.cardNumberChanged($0))) }, expiry: { .app(.checkout(.cardExpiryChanged($0))) },
        cvc: { .app(.checkout(.cardCVCChanged($0))) }, name: { .app(.checkout(.cardNameChanged($0))) },
        postalCode: { .app(.checkout(.cardPostalCodeChanged($0))) })

    static func choices(_ checkout: CheckoutState) -> [PaymentChoice] {
        checkout.savedCards.map { .savedCard(paymentMethodID: $0.id) } + [.newCard, .storeAccount]
            + (checkout.browserWithheld == nil ? [.browser] : [])
    }

    private static func label(_ choice: PaymentChoice, _ checkout: CheckoutState) -> String {
        switch choice {
        case let .savedCard(id):
            guard let card = checkout.savedCards.first(where: { $0.id == id }) else { return "Saved card" }
            return "\(card.brand.capitalized) ending in \(card.last4)\(card.isDefault ? " (default)" : "")"
        case .newCard: return "New card"
        case .storeAccount: return "Store account"
        case .browser: return "Pay in browser"
        }
    }

    /// The card today's charge goes to, as the Pay button names it; nil while unknown.
    private static func cardName(_ checkout: CheckoutState) -> String? {
        if checkout.isPlanChange {
            return PaymentSplitWording.planChangeCard(nil, among: checkout.savedCards).map(PaymentSplitWording.card)
        }
        switch checkout.payment {
        case let .savedCard(id): return checkout.savedCards.first { $0.id == id }.map(PaymentSplitWording.card)
        case .newCard: return checkout.cardForm.typedLast4.map { "\(checkout.cardForm.brand.displayName) \($0)" }
        case .browser, .storeAccount: return nil
        }
    }

    /// What is charged today and on which card: "Pay $8.99 today with Visa 4242".
    private static func payLabel(_ checkout: CheckoutState, _ summary: OrderSummary) -> String {
        if checkout.isPlanChange { return "Change plan" }
        let pay = "Pay \(summary.totalDueToday.formatted()) today"
        switch checkout.payment {
        case .browser: return "Continue in browser"
        case .storeAccount: return "Buy with store account"
        case let .savedCard(id):
            guard let card = checkout.savedCards.first(where: { $0.id == id }) else { return pay }
            return "\(pay) with \(card.brand.capitalized) \(card.last4)"
        case .newCard:
            guard let last4 = checkout.cardForm.typedLast4 else { return pay }
            return "\(pay) with \(checkout.cardForm.brand.displayName) \(last4)"
        }
    }

    private static func addPromo(_ checkout: CheckoutState, submit: TerminalAction, to lines: inout LineBuilder) {
        if let promo = checkout.promo {
            lines.pair("Promo code", "\(promo.code) applied", .success)
            lines.buttons([(ID.promoButton, "Remove code", .app(.checkout(.removePromoTapped)))])
            return
        }
        let apply = TerminalAction.app(.checkout(.applyPromoTapped))
        lines.field(id: ID.promoCode, TextField(label: "Promo code", text: checkout.promoCodeText, error: checkout.promoMessage,
                                                width: 16),
                    binding: FieldBinding(text: checkout.promoCodeText, change: { .app(.checkout(.promoCodeChanged($0))) }),
                    submit: apply, submitHint: "Apply code")
        if checkout.isValidatingPromo {
            lines.text("Checking the code…", .disabled)
        } else if !checkout.promoCodeText.isEmpty {
            lines.buttons([(ID.promoButton, "Apply code", apply)])
        }
    }
}
