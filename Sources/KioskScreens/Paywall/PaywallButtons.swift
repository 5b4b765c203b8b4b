import KioskViewModels
import TerminalUI

/// The call to action (dimmed when the selected package is the current plan or already owned)
/// and restore.
enum PaywallButtons {
    static func render(_ paywall: PaywallState, in row: Rect, frame: inout Frame, context: RenderContext) {
        guard !row.isEmpty else { return }
        var x = row.x
        let cta = paywall.callToAction
        let title = "Enter " + PaywallWording.callToAction(paywall)
        let main = Button(title, isFocused: cta?.isEnabled == true, theme: context.theme, glyphs: context.glyphs)
        if cta?.isEnabled == true {
            main.render(in: Rect(x: x, y: row.y, width: row.maxX - x, height: 1), buffer: &frame.buffer)
            frame.addHit(Rect(x: x, y: row.y, width: main.width, height: 1), .app(.paywall(.continueTapped)))
        } else {
            let marker = String(repeating: " ", count: DisplayWidth.of(context.glyphs.selectionMarker))
            frame.buffer.write("\(marker)[ \(PaywallWording.callToAction(paywall)) ]", x: x, y: row.y,
                               style: context.theme.disabled, clip: row)
        }
        x += main.width + 1
        let restore = Button(paywall.isRestoring ? "Restoring…" : PaywallWording.restoreLabel,
                             theme: context.theme, glyphs: context.glyphs)
        restore.render(in: Rect(x: x, y: row.y, width: max(0, row.maxX - x), height: 1), buffer: &frame.buffer)
        frame.addHit(Rect(x: x, y: row.y, width: min(restore.width, max(0, row.maxX - x)), height: 1),
                     .app(.paywall(.restoreTapped)))
    }
}
