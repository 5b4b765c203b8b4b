import KioskViewModels
import TerminalUI

/// The checkout: the order summary beside (or above) the payment form, then whatever the
/// payment is doing. Two columns from 80 columns up, one column below and in accessible mode.
enum CheckoutScreen {
    static let summaryLabelWidth = 16
    static let formLabelWidth = 14

    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        guard let checkout = state.app.checkout else { return }
        let twoColumns = !context.isAccessible && area.width >= 80
        let content = CheckoutContent(checkout, focus: state.checkout.form, compactSummary: !twoColumns, ticks: state.ticks)
        if context.isAccessible {
            var lines = [ScreenLine(.text("Checkout", .title))] + content.summary + [ScreenLine(.blank)]
            if let url = content.browserURL { lines += [ScreenLine(.text("Checkout link:")), ScreenLine(.verbatim(url))] }
            lines += content.body
            LineStack(lines: lines, labelWidth: summaryLabelWidth, context: context, scroll: state.checkout.form)
                .render(in: area, frame: &frame)
            return
        }
        var panels = area
        if let url = content.browserURL {
            let parts = area.rows([.fixed(CheckoutLinkArea.height(url: url, in: area, context: context)), .fill()])
            panels = parts[1]
            CheckoutLinkArea.render(url: url, in: parts[0], frame: &frame, context: context)
        }
        if twoColumns {
            let columns = panels.columns([.percent(38), .fill()])
            renderPanel("Order summary", content.summary, labelWidth: summaryLabelWidth, in: columns[0], frame: &frame,
                        context: context)
            renderPanel("Payment", content.body, labelWidth: formLabelWidth, scroll: state.checkout.form, in: columns[1],
                        frame: &frame, context: context)
        } else {
            let lines = content.summary + (content.summary.isEmpty ? [] : [ScreenLine(.blank)]) + content.body
            renderPanel("Checkout", lines, labelWidth: summaryLabelWidth, scroll: state.checkout.form, in: panels,
                        frame: &frame, context: context)
        }
        if content.isStoreSheetShown {
            StorePurchaseSheet.render(checkout.phase.content, focus: state.checkout.form, in: area, frame: &frame,
                                      context: context)
        }
    }

    private static func renderPanel(_ title: String, _ lines: [ScreenLine], labelWidth: Int, scroll: FormFocus? = nil,
                                    in area: Rect, frame: inout Frame, context: RenderContext) {
        let panel = Panel(title: title, theme: context.theme, glyphs: context.glyphs)
        panel.render(in: area, buffer: &frame.buffer)
        LineStack(lines: lines, labelWidth: labelWidth, context: context, scroll: scroll).render(in: panel.inner(area), frame: &frame)
    }

    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        CheckoutKeys.handle(key, &state)
    }

    static func hints(_ state: TerminalState) -> [KeyHint] {
        CheckoutKeys.hints(state)
    }

    /// A new checkout starts at its first field; a changed status moves focus to what it offers.
    static func reconcile(_ state: inout TerminalState) {
        guard let checkout = state.app.checkout else {
            state.checkout = CheckoutUI()
            return
        }
        let id = "\(checkout.sessionID)/\(checkout.productID)"
        if state.checkout.checkoutID != id {
            state.checkout = CheckoutUI()
            state.checkout.checkoutID = id
        }
        CardFormLines.focusFirstProblem(checkout.cardForm.errors, hadProblems: &state.checkout.hadCardProblems,
                                        focus: &state.checkout.form)
        let content = CheckoutContent(checkout, focus: state.checkout.form, compactSummary: false)
        state.checkout.form.keep(in: content.controls, fallback: content.defaultFocus(checkout))
    }
}

/// Terminal-only state of the checkout screen: which field or button has focus and where the
/// cursor is. The typed card details live in the view model's `CardFormState`.
public struct CheckoutUI: Equatable, Sendable {
    /// The checkout this focus belongs to, so a new checkout starts from its first field.
    public var checkoutID: String?
    public var form = FormFocus()
    /// Whether the card form showed problems at the last reconcile.
    var hadCardProblems = false

    public init() {}
}

/// Ids of the checkout's controls, shared by the lines that draw them, the keys and the tests.
enum CheckoutControlID {
    static let cardNumber = CardFormLines.numberID
    static let promoCode = "promo.code"
    static let promoButton = "promo.button"
    static let receiptEmail = "receipt.email"
    static let pay = "pay"
    static let cancel = "cancel"

    static func payment(_ index: Int) -> String { "payment.\(index)" }
    static func status(_ index: Int) -> String { "status.\(index)" }
}

/// One of the checkout's status buttons and the letter that presses it ("a" approves a 3-D
/// Secure challenge), listed in the status bar. Close and Cancel have no letter: Esc does that.
struct CheckoutShortcut: Sendable {
    var key: Character?
    var label: String
    var action: TerminalAction
}
