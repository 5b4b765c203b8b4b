import KioskViewModels
import TerminalUI

/// One column of labelled lines for screen readers: the selection is said in words, not shown
/// by reverse video, and every package line says whether it is selected.
enum PaywallAccessibleView {
    static func render(_ paywall: PaywallState, _ content: PaywallContent, in area: Rect, frame: inout Frame,
                       context: RenderContext) {
        var cursor = LineCursor(area: area, ellipsis: context.glyphs.ellipsis)
        cursor.line("Store: \(content.storeName). \(content.headline)", style: context.theme.title, buffer: &frame.buffer)
        if let status = PaywallWording.status(content) {
            cursor.line(status, buffer: &frame.buffer)
        }
        cursor.wrapped("Includes: " + content.featureHighlights.joined(separator: ", ") + ".", maxLines: 2, buffer: &frame.buffer)
        if let package = paywall.selectedPackage {
            cursor.wrapped("Selected package: \(package.title), \(package.priceText).", style: context.theme.selected,
                           maxLines: 2, buffer: &frame.buffer)
            if let intro = package.introOfferText { cursor.line("Offer: \(intro).", buffer: &frame.buffer) }
        }
        for (index, package) in content.packages.enumerated() {
            let selected = package.productID == paywall.selectedProductID ? " (selected)" : ""
            let badges = package.badges(in: content)
            let notes = badges.isEmpty ? "" : ", " + badges.joined(separator: ", ")
            let row = cursor.line("Package \(index + 1) of \(content.packages.count): \(package.title), \(package.shortPrice)\(notes)\(selected)",
                                  buffer: &frame.buffer)
            if let row { frame.addHit(row, .app(.paywall(.selectPackage(productID: package.productID)))) }
        }
        let action = paywall.callToAction.map { action in
            action.isEnabled ? "Enter: \(action.title)." : action == .owned ? "You own this already." : "This is your current plan."
        } ?? ""
        cursor.line("\(action) r: restore purchases. Esc: close.", buffer: &frame.buffer)
        if paywall.isRestoring { cursor.line("Restoring purchases.", buffer: &frame.buffer) }
        if let message = paywall.restoreMessage { cursor.line("Restore: \(message)", buffer: &frame.buffer) }
    }
}
