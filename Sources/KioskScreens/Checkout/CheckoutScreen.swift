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
        let content = CheckoutContent(checkout, focus: state.checkout.form, compactSummary: !twoColumns)
        if context.isAccessible {
            var lines = [ScreenLine(.text("Checkout", .title))] + content.summary + [ScreenLine(.blank)] + content.body
            if let url = content.browserURL { lines += [ScreenLine(.text("Checkout link:")), ScreenLine(.verbatim(url))] }
            LineStack(lines: lines, labelWidth: summaryLabelWidth, context: context).render(in: area, frame: &frame)
        } else if twoColumns {
            let columns = area.columns([.percent(38), .fill()])
            let summaryPanel = Panel(title: "Order summary", theme: context.theme, glyphs: context.glyphs)
            summaryPanel.render(in: columns[0], buffer: &frame.buffer)
            LineStack(lines: content.summary, labelWidth: summaryLabelWidth, context: context)
                .render(in: summaryPanel.inner(columns[0]), frame: &frame)
            let bodyPanel = Panel(title: "Payment", theme: context.theme, glyphs: context.glyphs)
            bodyPanel.render(in: columns[1], buffer: &frame.buffer)
            renderBody(content.body, url: content.browserURL, labelWidth: formLabelWidth, in: bodyPanel.inner(columns[1]),
                       frame: &frame, context: context)
        } else {
            let panel = Panel(title: "Checkout", theme: context.theme, glyphs: context.glyphs)
            panel.render(in: area, buffer: &frame.buffer)
            let lines = content.summary + (content.summary.isEmpty ? [] : [ScreenLine(.blank)]) + content.body
            renderBody(lines, url: content.browserURL, labelWidth: summaryLabelWidth, in: panel.inner(area),
                       frame: &frame, context: context)
        }
        if content.isStoreSheetShown {
            StorePurchaseSheet.render(checkout.phase.content, focus: state.checkout.form, in: area, frame: &frame,
                                      context: context)
        }
    }

    /// The form or status, and below it the browser link's own area when there is one.
    private static func renderBody(_ lines: [ScreenLine], url: String?, labelWidth: Int, in area: Rect,
                                   frame: inout Frame, context: RenderContext) {
        let stack = LineStack(lines: lines, labelWidth: labelWidth, context: context)
        guard let url else {
            stack.render(in: area, frame: &frame)
            return
        }
        let parts = area.rows([.fixed(stack.height(width: area.width)), .fill()])
        stack.render(in: parts[0], frame: &frame)
        CheckoutLinkArea.render(url: url, in: parts[1], frame: &frame, context: context)
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
        let content = CheckoutContent(checkout, focus: state.checkout.form, compactSummary: false)
        state.checkout.form.keep(in: content.controls, fallback: content.defaultFocus(checkout))
    }
}
