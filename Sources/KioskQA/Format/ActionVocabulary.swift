import KioskScreens
import KioskViewModels
import PaymentsCore

/// The names an `act` step may use, each mapped to the view-model actions it sends. These are
/// what a person means ("submit the checkout"), not which keys they press, so flows written with
/// them survive layout changes.
public enum ActionVocabulary {
    public struct Entry: Sendable {
        public var name: String
        /// What the argument is, for docs/qa.md and error messages; nil when the action takes none.
        public var argument: String?
        public var summary: String
        let make: @Sendable (String, TerminalState) -> Result<[TerminalAction], ActionUnavailable>
    }

    /// Why an action could not be sent in the state the scenario reached.
    public struct ActionUnavailable: Error, Sendable {
        public var message: String
    }

    public static func entry(_ name: String) -> Entry? { byName[name] }

    /// The actions to send for `action` now, or why they cannot be.
    static func actions(for action: ScenarioAction, state: TerminalState) -> Result<[TerminalAction], ActionUnavailable> {
        guard let entry = byName[action.name] else { return .failure(ActionUnavailable(message: "unknown action '\(action.name)'")) }
        return entry.make(action.argument ?? "", state)
    }

    private static let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })

    private static func simple(_ name: String, _ summary: String, _ action: AppAction) -> Entry {
        Entry(name: name, argument: nil, summary: summary) { _, _ in .success([.app(action)]) }
    }

    private static func withText(_ name: String, _ argument: String, _ summary: String,
                                 _ make: @escaping @Sendable (String) -> [AppAction]) -> Entry {
        Entry(name: name, argument: argument, summary: summary) { text, _ in .success(make(text).map(TerminalAction.app)) }
    }

    /// A checkout card field filled with a known test card: the rest of the form gets valid values.
    private static func card(_ number: String) -> [AppAction] {
        [.checkout(.selectPayment(.newCard)), .checkout(.cardNumberChanged(number)), .checkout(.cardExpiryChanged("12/34")),
         .checkout(.cardCVCChanged(TestCards.cvc(for: number))), .checkout(.cardNameChanged("QA Tester")), .checkout(.cardPostalCodeChanged("94107"))]
    }

    public static let entries: [Entry] = [
        simple("tab.paywall", "Show the Store tab.", .selectTab(.paywall)),
        simple("tab.plans", "Show the Plans tab.", .selectTab(.plans)),
        simple("tab.billing", "Show the Billing tab.", .selectTab(.billing)),
        simple("tab.settings", "Show the Settings tab.", .selectTab(.settings)),
        simple("app.back", "Go back (close help or the screen on top).", .back),
        simple("app.help", "Show or hide the help overlay.", .toggleHelp),
        simple("app.poll", "Read the store's change feed and check a waiting ask to buy now (the host's timer does this).",
               .pollChanges),
        Entry(name: "paywall.select", argument: "product id", summary: "Select a paywall package.") { productID, state in
            // An id the paywall does not offer used to pass and leave Yearly selected (issue 41, item 20).
            if let packages = state.app.paywall.phase.content?.packages, !packages.contains(where: { $0.productID == productID }) {
                return .failure(ActionUnavailable(message: "the paywall offers no package '\(productID)' (it offers "
                    + packages.map(\.productID).joined(separator: ", ") + ")"))
            }
            return .success([.app(.paywall(.selectPackage(productID: productID)))])
        },
        simple("paywall.continue", "Press the paywall's main button (opens checkout).", .paywall(.continueTapped)),
        simple("paywall.restore", "Restore purchases from the paywall.", .paywall(.restoreTapped)),
        simple("paywall.close", "Close the paywall.", .paywall(.closeTapped)),
        simple("plans.toggle-period", "Switch the plan table between monthly and yearly.", .plans(.togglePeriod)),
        Entry(name: "plans.select", argument: "plan id", summary: "Select a plan column.") { planID, state in
            if let columns = state.app.plans.phase.content?.columns, !columns.contains(where: { $0.planID == planID }) {
                return .failure(ActionUnavailable(message: "the plan table has no plan '\(planID)' (it has "
                    + columns.map(\.planID).joined(separator: ", ") + ")"))
            }
            return .success([.app(.plans(.selectPlan(planID: planID)))])
        },
        simple("plans.choose", "Choose the selected plan (checkout or a plan-change question).", .plans(.chooseTapped)),
        simple("plans.confirm", "Confirm the plan change question.", .plans(.confirmTapped)),
        simple("plans.dismiss", "Dismiss the plan change question.", .plans(.dismissConfirmation)),
        withText("checkout.promo", "offer code", "Type an offer code and apply it.") {
            [.checkout(.promoCodeChanged($0)), .checkout(.applyPromoTapped)]
        },
        simple("checkout.remove-promo", "Remove the applied offer code.", .checkout(.removePromoTapped)),
        Entry(name: "checkout.pay-with", argument: "saved-card | new-card | store | browser",
              summary: "Choose how to pay.") { choice, state in
            switch choice {
            case "new-card": return .success([.app(.checkout(.selectPayment(.newCard)))])
            case "store": return .success([.app(.checkout(.selectPayment(.storeAccount)))])
            case "browser": return .success([.app(.checkout(.selectPayment(.browser)))])
            case "saved-card":
                guard let card = state.app.checkout?.savedCards.first else {
                    return .failure(ActionUnavailable(message: "the checkout has no saved card"))
                }
                return .success([.app(.checkout(.selectPayment(.savedCard(paymentMethodID: card.id))))])
            default:
                return .failure(ActionUnavailable(message: "unknown payment '\(choice)'"))
            }
        },
        withText("checkout.card", "test card number",
                 "Pay with a new card: the number, and a valid expiry, CVC, name and postal code.", card),
        withText("checkout.card-number", "text", "Type into the card number field.") { [.checkout(.cardNumberChanged($0))] },
        withText("checkout.card-expiry", "MM/YY", "Type into the expiry field.") { [.checkout(.cardExpiryChanged($0))] },
        withText("checkout.card-cvc", "digits", "Type into the CVC field.") { [.checkout(.cardCVCChanged($0))] },
        withText("checkout.card-name", "text", "Type into the cardholder name field.") { [.checkout(.cardNameChanged($0))] },
        withText("checkout.card-postal", "text", "Type into the postal code field.") { [.checkout(.cardPostalCodeChanged($0))] },
        simple("checkout.submit", "Press Pay / Subscribe.", .checkout(.submitTapped)),
        simple("checkout.confirm-store", "Confirm the store purchase sheet.", .checkout(.storePurchaseConfirmed)),
        simple("checkout.dismiss-store", "Dismiss the store purchase sheet.", .checkout(.storePurchaseDismissed)),
        Entry(name: "checkout.authenticate", argument: "approve | fail", summary: "Answer the 3-D Secure challenge.") { answer, _ in
            switch answer {
            case "approve": .success([.app(.checkout(.authenticationAnswered(approved: true)))])
            case "fail": .success([.app(.checkout(.authenticationAnswered(approved: false)))])
            default: .failure(ActionUnavailable(message: "answer must be approve or fail, found '\(answer)'"))
            }
        },
        simple("checkout.try-again", "After a decline: back to the form.", .checkout(.tryAgainTapped)),
        simple("checkout.retry", "After a failed call: the same attempt again.", .checkout(.retryTapped)),
        simple("checkout.browser-cancel", "Stop waiting for the browser (the app reconciles).", .checkout(.browserCancelTapped)),
        simple("checkout.close", "Close the checkout.", .checkout(.closeTapped)),
        simple("checkout.done", "Press Done after a purchase.", .checkout(.doneTapped)),
        simple("billing.next", "Select the next invoice.", .billing(.moveSelection(by: 1))),
        simple("billing.open", "Open the selected invoice.", .billing(.openSelected)),
        simple("billing.close-detail", "Close the invoice detail.", .billing(.closeDetail)),
        Entry(name: "settings.section", argument: SettingsSection.allCases.map(\.rawValue).joined(separator: " | "),
              summary: "Show a settings section.") { name, _ in
            guard let section = SettingsSection(rawValue: name) else {
                return .failure(ActionUnavailable(message: "unknown settings section '\(name)'"))
            }
            return .success([.app(.settings(.selectSection(section)))])
        },
        simple("settings.cancel", "Cancel the subscription (opens the survey).", .settings(.cancelTapped)),
        simple("settings.confirm-cancel", "Confirm the cancellation survey.", .settings(.confirmCancelTapped)),
        simple("settings.resume", "Resume a cancelled subscription.", .settings(.resumeTapped)),
        simple("settings.refund", "Ask to refund the latest paid invoice (a question follows).", .settings(.refundTapped)),
        simple("settings.confirm", "Confirm the settings question (refund, remove card, sign out).", .settings(.confirmTapped)),
        simple("settings.restore", "Restore purchases.", .settings(.restoreTapped)),
        simple("settings.change-plan", "Change plan (shows the plan table).", .settings(.changePlanTapped)),
        simple("settings.undo-change", "Undo the plan change scheduled for the renewal.",
               .settings(.undoScheduledChangeTapped)),
        simple("settings.sign-out", "Sign out (a question follows).", .settings(.signOutTapped)),
    ]
}
