import Foundation

/// Every way a core operation can refuse, typed so callers can react, and each with the message
/// a customer may be shown. Codable so a remote core can send it over the wire unchanged.
public enum PaymentsError: Error, Hashable, Sendable, Codable {
    case accountNotFound(String)
    case productNotFound(String)
    case subscriptionNotFound(String)
    case invoiceNotFound(String)
    case paymentMethodNotFound(String)
    case testClockNotFound(String)
    case featureNotFound(String)
    case emailTaken(String)
    case invalidInput(field: String, message: String)
    case notSignedIn
    case productNotSoldInCurrency(productID: String, currency: String)
    case alreadySubscribed(subscriptionID: String)
    case alreadyOwned(productID: String)
    case invalidOfferCode(code: String, reason: OfferCodeRejection)
    case noPaymentMethod
    case invalidTransition(subscriptionID: String, state: RenewalState, action: String)
    /// The App Store bills and renews this subscription: the merchant only mirrors it, so a
    /// change or a refund is the customer's to ask of the App Store (`StoreKitRouter` asks it,
    /// naming the App Store's subscription by its original transaction).
    case billedByAppStore(subscriptionID: String, accountID: String, originalTransactionID: String)
    /// A sale of the App Store's (one-time, or a period of a store-billed subscription): only the
    /// App Store refunds it (`StoreKitRouter` asks it).
    case soldByAppStore(transactionID: String)
    case usageLimitReached(featureID: String, limit: Int, used: Int, resetsAt: Date?)
    case usageTooSoon(featureID: String, nextAvailableAt: Date)
    case featureNotInPlan(featureID: String)
    case insufficientPoints(balance: Int64, requested: Int64)
    case idempotencyKeyReused(String)
    case clockCannotGoBack(current: Date, requested: Date)
    case accountHasPurchases(String)
    /// The account already lives on this test clock.
    case accountOnTestClock(clockID: String)
    /// The account lives in real time: there is no test clock to detach.
    case accountNotOnTestClock(String)
    /// Detaching would move the account back in time, to real time behind its clock.
    case clockAheadOfRealTime(clockTime: Date)
    case nothingToRefund(invoiceID: String)
    case storage(String)
    /// The store's file failed (read-only, full disk, I/O error, damaged pages): said in the
    /// user's words with the path and what to do.
    case storeFile(StoreFileFailure)
    /// The write kept conflicting with writes of other server instances and was given up after
    /// its retries; nothing was changed, and the same request may be sent again.
    case busy(String)
    case pendingActionNotFound(String)
    case store(StoreError)
    case cardRejected(field: String, message: String)
    case cardDeclined(DeclineReason)
    case snapshotNotFound(String)
    /// A snapshot that is not a sound Kiosk store; the live store was left as it was.
    case snapshotRejected(name: String, reason: String)
    case receipt(ReceiptBackendError)
    case restore(RestoreError)

    public enum OfferCodeRejection: String, Hashable, Sendable, Codable {
        case unknown, expired, notApplicable = "not_applicable", alreadyRedeemed = "already_redeemed"
    }

    /// Wording for a person at the terminal.
    public var userMessage: String {
        switch self {
        case let .accountNotFound(id): "No account \(id)."
        case let .productNotFound(id): "No product \(id) in the catalog."
        case let .subscriptionNotFound(id): "No subscription \(id)."
        case let .invoiceNotFound(id): "No invoice \(id)."
        case let .paymentMethodNotFound(id): "No saved payment method \(id)."
        case let .testClockNotFound(id): "No test clock \(id)."
        case let .featureNotFound(id): "No feature \(id) in the catalog."
        case let .emailTaken(email): "An account with \(email) already exists."
        case let .invalidInput(field, message): "\(field): \(message)"
        case .notSignedIn: "Sign in to an account first."
        case let .productNotSoldInCurrency(id, currency): "\(id) is not sold in \(currency)."
        case .alreadySubscribed: "You already have a subscription in this group. Change plan instead."
        case let .alreadyOwned(id): "You already own \(id)."
        case let .invalidOfferCode(code, reason):
            switch reason {
            case .unknown: "The code \(code) is not valid."
            case .expired: "The code \(code) has expired."
            case .notApplicable: "The code \(code) does not apply to this product."
            case .alreadyRedeemed: "You have already used the code \(code)."
            }
        case .noPaymentMethod: "Add a payment method first."
        case let .invalidTransition(_, state, action): "Cannot \(action) a subscription that is \(state.plainWords)."
        case .billedByAppStore: "The App Store bills this subscription: change, cancel or refund it in the App Store's subscription settings."
        case .soldByAppStore: "The App Store sold this: ask the App Store for the refund."
        case let .usageLimitReached(_, limit, _, resetsAt):
            "You have used all \(limit) for this period" + (resetsAt.map { "; it resets on \(Self.day($0))." } ?? ".")
        case let .usageTooSoon(_, next): "Available again at \(Self.minute(next))."
        case let .featureNotInPlan(id): "\(id) is not included in your plan. Upgrade to use it."
        case let .insufficientPoints(balance, requested): "You need \(requested) points but have \(balance)."
        case .idempotencyKeyReused: "This request was already made with different details."
        case let .clockCannotGoBack(current, _): "A test clock only moves forward (it is at \(Self.minute(current)))."
        case .accountHasPurchases: "Attach a test clock before the account makes purchases."
        case let .accountOnTestClock(clockID): "The account is already on test clock \(clockID)."
        case .accountNotOnTestClock: "The account is not on a test clock."
        case let .clockAheadOfRealTime(clockTime):
            "The test clock is at \(Self.minute(clockTime)), ahead of real time: detaching would move the account back "
                + "in time, so it stays on the clock until real time catches up."
        case let .nothingToRefund(id): "Invoice \(id) has nothing left to refund."
        case let .storage(message): "The store could not be read or written: \(message)"
        case let .storeFile(failure): failure.userMessage
        case .busy: "The store is busy with other requests and changed nothing; try again."
        case let .pendingActionNotFound(id): "No pending action \(id) (it may already be resolved)."
        case let .store(error): error.userMessage
        case let .cardRejected(_, message): message
        case let .cardDeclined(reason): reason.message
        case let .snapshotNotFound(name): "No snapshot named \(name)."
        case let .snapshotRejected(name, reason): "Snapshot \(name) was refused: \(reason). The store is unchanged."
        case let .receipt(error): error.userMessage
        case let .restore(error): error.userMessage
        }
    }

    /// The failure of the store's file this is, if it is one.
    public var storeFileFailure: StoreFileFailure? {
        if case let .storeFile(failure) = self { return failure }
        return nil
    }

    private static func day(_ date: Date) -> String { DateWording.day(date) }

    private static func minute(_ date: Date) -> String { DateWording.minute(date) }
}

extension PaymentsError: LocalizedError {
    public var errorDescription: String? { userMessage }
}

extension RenewalState {
    /// How a person would say it: "in a grace period", "expired".
    public var plainWords: String {
        switch self {
        case .subscribed: "active"
        case .inGracePeriod: "in a grace period"
        case .inBillingRetryPeriod: "in billing retry"
        case .expired: "expired"
        case .revoked: "revoked"
        }
    }
}
