import Foundation
import PaymentsCore

public enum SettingsAction: Equatable, Sendable {
    case onAppear
    case retry
    case storeChanged
    case loaded(Result<SettingsData, ScreenError>)
    case selectSection(SettingsSection)

    // Subscription
    case cancelTapped
    case surveyReasonSelected(CancellationReason?)
    case confirmCancelTapped
    case dismissSurvey
    case cancelFinished(Result<Subscription, ScreenError>)
    case resumeTapped
    case resumeFinished(Result<Subscription, ScreenError>)
    case changePlanTapped
    /// Withdraws the plan change waiting for the renewal ("Keep Pro Monthly").
    case undoScheduledChangeTapped
    case undoScheduledChangeFinished(Result<PlanChangeOutcome, ScreenError>)
    case updatePaymentMethodTapped
    case refundTapped
    case refundFinished(Result<RefundOutcome, ScreenError>)
    case restoreTapped
    case restoreFinished(Result<RestoreResult, ScreenError>)
    case confirmTapped
    case dismissConfirmation

    // Payment methods
    case addCardTapped
    case cardNumberChanged(String)
    case cardExpiryChanged(String)
    case cardCVCChanged(String)
    case cardNameChanged(String)
    case cardPostalCodeChanged(String)
    case saveCardTapped
    case closeCardForm
    case cardSaved(Result<PaymentMethod, ScreenError>)
    case removeCardTapped(paymentMethodID: String)
    case cardRemoved(Result<String, ScreenError>)
    case setDefaultTapped(paymentMethodID: String)
    case defaultSet(Result<String, ScreenError>)

    // Points wallet
    case loadMoreLedger
    case ledgerLoaded(Result<Page<PointsEntry>, ScreenError>)

    // Accounts
    case switchAccount(accountID: String)
    case signedIn(Result<String, ScreenError>)
    case createAccountTapped
    case newAccountNameChanged(String)
    case newAccountEmailChanged(String)
    case submitNewAccount
    case closeNewAccount
    case accountCreated(Result<Account, ScreenError>)
    case signOutTapped
    case signedOut(Result<String, ScreenError>)

    // Preferences
    case preferencesLoaded(Result<Preferences, ScreenError>)
    case themeSelected(Theme)
    case colourModeSelected(ColourMode)
    case reducedMotionToggled
    case preferencesSaved(Result<Preferences, ScreenError>)

    // QA panel
    case durationChanged(String)
    case advanceClockTapped
    case clockAdvanced(Result<ClockAdvanceReport, ScreenError>)
    /// Puts the signed-in account on a new test clock frozen now, so time can be moved.
    case attachClockTapped
    case clockAttached(Result<TestClock, ScreenError>)
    /// Returns the account to real time.
    case detachClockTapped
    case clockDetached(Result<Account, ScreenError>)
    case toggleSwitch(StoreSwitch)
    case setCounter(StoreCounter, Int)
    case backendUnreachableUntil(Date?)
    case armFault(StoreFault)
    case disarmFault(StoreOperation)
    case clearFaults
    case controlsUpdated(Result<StoreControls, ScreenError>)
    /// Reads the controls again while the panel is open: `kiosk store controls` changes them
    /// from another shell without any change-feed event (issue 41, item 20).
    case rereadControls
    case controlsReread(Result<StoreControls, ScreenError>)
    case approvePending(id: String)
    case declinePending(id: String)
    case pendingResolved(Result<String, ScreenError>)
    case loadMoreEvents
    case replayWebhookTapped(deliveryID: String)
    case duplicateWebhookTapped(deliveryID: String)
    case webhookActionFinished(Result<[WebhookDelivery], ScreenError>)
    case eventsLoaded(Result<[StoreEvent], ScreenError>)

    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable {
        /// "Change plan": the shell shows the plan comparison.
        case changePlan
        /// Signed in to another account, created one, or signed out: every screen starts over.
        case accountChanged
    }
}
