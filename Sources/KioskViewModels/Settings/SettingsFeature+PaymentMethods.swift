import Foundation
import PaymentsCore

extension SettingsFeature {
    /// The saved cards: add through the card form checkout uses, remove (after a confirmation),
    /// make one the default.
    func reducePaymentMethods(into state: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
        switch action {
        case .addCardTapped:
            state.section = .paymentMethods
            state.cardForm = CardFormState()
        case let .cardNumberChanged(text): state.cardForm?.setNumber(text)
        case let .cardExpiryChanged(text): state.cardForm?.setExpiry(text)
        case let .cardCVCChanged(text): state.cardForm?.setCVC(text)
        case let .cardNameChanged(text): state.cardForm?.name = text
        case let .cardPostalCodeChanged(text):
            state.cardForm?.postalCode = text
            state.cardForm?.errors.postalCode = nil
        case .closeCardForm:
            state.cardForm = nil
        case .saveCardTapped:
            guard let form = state.cardForm, let content = state.content, let now = content.now,
                  !state.isWorking else { return .none }
            switch form.details(now: now) {
            case let .failure(problems):
                state.cardForm?.errors = problems
                return .none
            case let .success(details):
                state.isWorking = true
                state.message = nil
                let (accountID, makeDefault) = (content.account.customerID, content.paymentMethods.isEmpty)
                return .run { send in
                    await send(.cardSaved(await capture { try await wallet.addCard(accountID, details, makeDefault) }))
                }
            }
        case let .cardSaved(.success(method)):
            // The number and code are gone with the form once the card is tokenized.
            state.cardForm = nil
            return finish(&state, .success(method)) { "Added \(Self.name($0))." }
        case let .cardSaved(.failure(error)):
            state.isWorking = false
            state.message = switch error.paymentsError {
            case let .cardDeclined(reason)?: DeclineWording.text(reason)
            default: error.message
            }
        case let .removeCardTapped(paymentMethodID):
            guard let method = state.content?.paymentMethods.first(where: { $0.id == paymentMethodID }),
                  !state.isWorking else { return .none }
            state.confirmation = Confirmation(title: "Remove \(Self.name(method))?",
                                              message: "It will no longer be charged for purchases or renewals.",
                                              confirmTitle: "Remove")
            state.pendingConfirmation = .removeCard(paymentMethodID: paymentMethodID)
        case let .cardRemoved(result):
            return finish(&state, result) { _ in "Card removed." }
        case let .setDefaultTapped(paymentMethodID):
            guard let method = state.content?.paymentMethods.first(where: { $0.id == paymentMethodID }),
                  !method.isDefault, !state.isWorking else { return .none }
            state.isWorking = true
            state.message = nil
            return .run { send in
                await send(.defaultSet(await capture {
                    try await wallet.setDefaultPaymentMethod(paymentMethodID)
                    return Self.name(method)
                }))
            }
        case let .defaultSet(result):
            return finish(&state, result) { "\($0) is now your default card." }
        default:
            break
        }
        return .none
    }

    /// "Visa ending in 4242".
    static func name(_ method: PaymentMethod) -> String {
        "\(method.brand.capitalized) ending in \(method.last4)"
    }
}
