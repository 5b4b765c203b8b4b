import KioskViewModels
import TerminalUI

/// The store's own confirmation, as StoreKit shows a sheet before charging the store account.
enum StorePurchaseSheet {
    static let buyID = CheckoutControlID.status(0)
    static let cancelID = CheckoutControlID.status(1)

    static let controls = [
        LineControl(id: buyID, action: .app(.checkout(.storePurchaseConfirmed)), enterHint: "Buy"),
        LineControl(id: cancelID, action: .app(.checkout(.storePurchaseDismissed)), enterHint: "Cancel"),
    ]

    static func render(_ summary: OrderSummary?, focus: FormFocus, in area: Rect, frame: inout Frame, context: RenderContext) {
        let price = summary.map { " for \($0.totalDueToday.formatted())" } ?? ""
        let renewal = summary.flatMap { $0.nextChargeDate == nil ? nil : " It renews until you cancel." } ?? ""
        let message = "Buy \(summary?.productName ?? "this")\(price) with your store account?\(renewal)"
        let dialog = Dialog(title: "Confirm purchase", message: message, buttons: ["y Buy", "n Cancel"],
                            focusedButton: focus.id == cancelID ? 1 : 0, theme: context.theme, glyphs: context.glyphs)
        frame.buffer.fill(dialog.frame(in: area), with: .blank(context.theme.base))
        // A modal: clicks beside it must not reach the form underneath.
        frame.addHit(area, .focus(focus.id ?? buyID))
        dialog.render(in: area, buffer: &frame.buffer)
        for (rect, control) in zip(dialog.buttonFrames(in: area), controls) {
            if let action = control.action { frame.addHit(rect, action) }
        }
    }
}
