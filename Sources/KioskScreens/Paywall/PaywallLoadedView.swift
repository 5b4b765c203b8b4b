import KioskViewModels
import TerminalUI

/// The sales pitch and the packages. Side by side when there is room (benefits on the left),
/// otherwise stacked with the benefits on as few lines as fit.
enum PaywallLoadedView {
    static func render(_ paywall: PaywallState, _ content: PaywallContent, in area: Rect, frame: inout Frame,
                       context: RenderContext) {
        let panel = Panel(title: "\(content.storeName) · \(content.planName)", theme: context.theme, glyphs: context.glyphs)
        panel.render(in: area, buffer: &frame.buffer)
        let inner = panel.inner(area).inset(horizontal: 1, vertical: 0)
        if inner.width >= 100 && inner.height >= 26 {
            let columns = inner.columns([.percent(36), .fixed(2), .fill()])
            var left = LineCursor(area: columns[0], ellipsis: context.glyphs.ellipsis)
            pitch(content, cursor: &left, frame: &frame, context: context)
            left.gap()
            for highlight in content.featureHighlights {
                left.line("✓ \(highlight)", buffer: &frame.buffer)
            }
            left.gap()
            for line in content.finePrint {
                left.wrapped(line, style: context.theme.disabled, buffer: &frame.buffer)
            }
            var right = LineCursor(area: columns[2], ellipsis: context.glyphs.ellipsis)
            right.gap()
            purchase(paywall, content, cursor: &right, frame: &frame, context: context)
        } else {
            var cursor = LineCursor(area: inner, ellipsis: context.glyphs.ellipsis)
            pitch(content, cursor: &cursor, frame: &frame, context: context)
            let room = cursor.remaining - content.packages.count - 5
            // A no-break space keeps each tick on the line of its benefit.
            let benefits = content.featureHighlights.map { "✓\u{00A0}\($0)" }.joined(separator: "  ")
            cursor.wrapped(benefits, maxLines: max(1, min(3, room)), buffer: &frame.buffer)
            cursor.gap(reserve: content.packages.count + 4)
            purchase(paywall, content, cursor: &cursor, frame: &frame, context: context)
            cursor.gap(reserve: 1)
            if let first = content.finePrint.first {
                cursor.line(first, style: context.theme.disabled, buffer: &frame.buffer)
            }
        }
    }

    /// Headline and, for an account that already has access, what it has.
    private static func pitch(_ content: PaywallContent, cursor: inout LineCursor, frame: inout Frame, context: RenderContext) {
        cursor.line(content.headline, style: context.theme.title, buffer: &frame.buffer)
        if let status = PaywallWording.status(content) {
            cursor.line(status, style: context.theme.success, buffer: &frame.buffer)
        }
    }

    /// Packages (cards when they all fit, else table rows with the selected one's full wording
    /// below), then the buttons.
    private static func purchase(_ paywall: PaywallState, _ content: PaywallContent, cursor: inout LineCursor,
                                 frame: inout Frame, context: RenderContext) {
        if cursor.remaining >= PackageCards.height(content) + 2 && cursor.area.width >= 60 {
            PackageCards.render(content, selected: paywall.selectedProductID, in: cursor.take(PackageCards.height(content)),
                                frame: &frame, context: context)
            cursor.gap()
            PaywallButtons.render(paywall, in: cursor.take(1), frame: &frame, context: context)
            restoreMessage(paywall, cursor: &cursor, frame: &frame, context: context)
            return
        }
        let tableHeight = min(content.packages.count + 1, max(2, cursor.remaining - 3))
        PackageTable.render(content, selected: paywall.selectedProductID, in: cursor.take(tableHeight),
                            frame: &frame, context: context)
        cursor.gap(reserve: 3)
        if let package = paywall.selectedPackage {
            cursor.line(package.priceText, style: context.theme.base.bolded(), buffer: &frame.buffer)
            if let intro = package.introOfferText {
                cursor.line(intro, style: context.theme.success, buffer: &frame.buffer)
            } else if let entitlement = package.entitlementName {
                cursor.line("Unlocks \(entitlement).", buffer: &frame.buffer)
            }
        }
        cursor.gap(reserve: 1)
        PaywallButtons.render(paywall, in: cursor.take(1), frame: &frame, context: context)
        restoreMessage(paywall, cursor: &cursor, frame: &frame, context: context)
    }

    /// The outcome of the last restore, on its own line under the buttons so it is never cut short.
    private static func restoreMessage(_ paywall: PaywallState, cursor: inout LineCursor, frame: inout Frame,
                                       context: RenderContext) {
        guard let message = paywall.restoreMessage else { return }
        cursor.wrapped(message, style: context.theme.warning, maxLines: 2, buffer: &frame.buffer)
    }
}
