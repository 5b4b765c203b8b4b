import KioskViewModels
import PaymentsCore

/// Everything after Pay: processing, the 3-D Secure challenge, ask-to-buy, the browser,
/// declined, failed and the receipt. Each status says what happened and what the person can
/// do next, with a button and a letter for each choice.
enum CheckoutStatusLines {
    /// Adds the status's lines and returns its letter shortcuts.
    static func add(_ checkout: CheckoutState, to lines: inout LineBuilder) -> [CheckoutShortcut] {
        let close = CheckoutShortcut(key: nil, label: "Close", action: .app(.checkout(.closeTapped)))
        switch checkout.status {
        case .editing, .confirmingStorePurchase:
            return []
        case .processing:
            lines.text(checkout.retryCount > 0 ? "\(lines.workingMark) Retrying your payment, attempt \(checkout.retryCount + 1)…"
                                               : "\(lines.workingMark) Processing your payment…", .title)
            lines.text("This takes a moment. The result also appears in Billing.")
            return []
        case .authenticating:
            lines.text("Your bank asks you to confirm this payment (3-D Secure).", .title)
            lines.text("This is a test challenge: approve it to pay, or fail it to see a failed authentication.")
            return buttons([CheckoutShortcut(key: "a", label: "Approve", action: .app(.checkout(.authenticationAnswered(approved: true)))),
                            CheckoutShortcut(key: "f", label: "Fail", action: .app(.checkout(.authenticationAnswered(approved: false))))],
                           to: &lines)
        case .pendingApproval:
            lines.text("Waiting for approval (Ask to Buy)", .title)
            lines.text("A parent or guardian must approve this purchase. It completes here and in Billing once they answer.")
            if let error = checkout.pendingApprovalCheckError {
                lines.text("Could not ask the store how the request stands (\(error.message)); asking again.", .warning)
            }
            return buttons([close], to: &lines)
        case let .browser(phase):
            return browser(phase, checkout, close: close, to: &lines)
        case let .declined(message, advice):
            lines.text("Payment declined", .error)
            lines.text(message)
            lines.text(advice)
            if let error = checkout.declinedCardRemovalError {
                lines.text("The declined card is still saved (\(error.message)); remove it in Settings, Payment methods.",
                           .warning)
            }
            return buttons([CheckoutShortcut(key: "t", label: "Try again", action: .app(.checkout(.tryAgainTapped))), close],
                           to: &lines)
        case let .failed(error):
            lines.text("The payment could not be completed", .error)
            lines.text(error.message)
            lines.text("Retry sends the same payment again; you are never charged twice.")
            return buttons([CheckoutShortcut(key: "r", label: "Retry", action: .app(.checkout(.retryTapped))), close],
                           to: &lines)
        case let .succeeded(receipt):
            lines.text("Payment successful", .success)
            if !receipt.invoiceNumber.isEmpty { lines.pair("Invoice", receipt.invoiceNumber) }
            lines.pair("Total paid", receipt.total.formatted())
            if !receipt.unlocked.isEmpty { lines.pair("Unlocked", receipt.unlocked.joined(separator: ", "), .success) }
            if let transaction = receipt.transactionID { lines.pair("Transaction", transaction) }
            return buttons([CheckoutShortcut(key: "d", label: "Done", action: .app(.checkout(.doneTapped)))], to: &lines)
        }
    }

    private static func browser(_ phase: BrowserCheckoutPhase, _ checkout: CheckoutState, close: CheckoutShortcut,
                                to lines: inout LineBuilder) -> [CheckoutShortcut] {
        let cancel = CheckoutShortcut(key: nil, label: "Cancel", action: .app(.checkout(.browserCancelTapped)))
        let tryAgain = CheckoutShortcut(key: "t", label: "Try again", action: .app(.checkout(.tryAgainTapped)))
        switch phase {
        case .creatingSession:
            lines.text("\(lines.workingMark) Opening a secure checkout page…", .title)
            return buttons([cancel], to: &lines)
        case let .waiting(_, _, elapsed):
            lines.text("Finish paying in your browser", .title)
            lines.text("Open the link above; this screen updates when you are done.")
            lines.text("Esc stops waiting: the page stops taking payment, and a payment already made there is still found and shown.")
            lines.pair("Waiting for", "\(clock(elapsed)) of \(clock(CheckoutState.browserTimeoutSeconds))")
            if let notice = checkout.browserNotice { lines.text(notice, .success) }
            return buttons([CheckoutShortcut(key: "o", label: "Open page", action: .app(.checkout(.openBrowserTapped))),
                            CheckoutShortcut(key: "c", label: "Copy link", action: .app(.checkout(.copyLinkTapped))),
                            cancel], to: &lines)
        case .reconciling:
            lines.text("\(lines.workingMark) Checking whether the payment went through…", .title)
            return []
        case .timedOut:
            lines.text("The checkout page timed out", .warning)
            lines.text("Nothing was charged.")
            return buttons([tryAgain, close], to: &lines)
        case .cancelled:
            lines.text("Browser checkout cancelled", .warning)
            lines.text("Nothing was charged.")
            return buttons([tryAgain, close], to: &lines)
        }
    }

    private static func buttons(_ shortcuts: [CheckoutShortcut], to lines: inout LineBuilder) -> [CheckoutShortcut] {
        lines.blank()
        lines.buttons(shortcuts.enumerated().map { (CheckoutControlID.status($0.offset), $0.element.label, $0.element.action) })
        return shortcuts
    }

    /// "1:05".
    static func clock(_ seconds: Int) -> String {
        String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}
