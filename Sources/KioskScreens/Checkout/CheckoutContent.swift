import KioskViewModels
import TerminalUI

/// The checkout as lines, built from the state each frame and for each key, so drawing, Tab
/// order, hints and clicks always agree.
struct CheckoutContent {
    /// The order summary; empty while loading or when there is nothing to buy.
    var summary: [ScreenLine] = []
    /// The form, or the status after Pay.
    var body: [ScreenLine] = []
    var controls: [LineControl] = []
    var shortcuts: [CheckoutShortcut] = []
    /// Set while waiting for the browser: the link drawn in its own area.
    var browserURL: String?
    var isStoreSheetShown = false

    init(_ checkout: CheckoutState, focus: FormFocus, compactSummary: Bool, ticks: Int = 0) {
        var summaryLines = LineBuilder(focus: focus, ticks: ticks)
        var lines = LineBuilder(focus: focus, ticks: ticks)
        switch checkout.phase {
        case .loading:
            lines.text("\(lines.workingMark) Loading checkout…", .title)
        case .empty:
            lines.text("This product is not sold in your account's currency.", .warning)
            lines.blank()
            lines.buttons([(CheckoutControlID.cancel, "Close", .app(.checkout(.closeTapped)))])
        case let .failed(error):
            lines.text("The checkout could not be loaded", .error)
            lines.text(error.message)
            lines.blank()
            shortcuts = [CheckoutShortcut(key: "r", label: "Retry", action: .app(.checkout(.retryLoad)))]
            lines.buttons([(CheckoutControlID.status(0), "Retry", .app(.checkout(.retryLoad))),
                           (CheckoutControlID.cancel, "Close", .app(.checkout(.closeTapped)))])
        case let .loaded(summary):
            let isEditing = checkout.status == .editing || checkout.status == .confirmingStorePurchase
            CheckoutSummaryLines.add(summary, compact: compactSummary && !isEditing, to: &summaryLines)
            if isEditing {
                CheckoutPaymentLines.add(checkout, summary, to: &lines)
            } else {
                shortcuts = CheckoutStatusLines.add(checkout, to: &lines)
            }
            if case let .browser(.waiting(session, _, _)) = checkout.status { browserURL = session.url }
            isStoreSheetShown = checkout.status == .confirmingStorePurchase
        }
        summary = summaryLines.lines
        body = lines.lines
        controls = isStoreSheetShown ? StorePurchaseSheet.controls : lines.controls
    }

    /// Where focus goes when the checkout opens or its status changes: the card number when a
    /// new card is being entered, else the first button.
    func defaultFocus(_ checkout: CheckoutState) -> String? {
        if checkout.status == .editing, checkout.payment == .newCard,
           controls.contains(where: { $0.id == CheckoutControlID.cardNumber }) {
            return CheckoutControlID.cardNumber
        }
        if checkout.status == .editing, controls.contains(where: { $0.id == CheckoutControlID.pay }) {
            return CheckoutControlID.pay
        }
        return controls.first?.id
    }
}
