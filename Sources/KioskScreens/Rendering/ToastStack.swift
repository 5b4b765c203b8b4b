import KioskViewModels
import TerminalUI

/// Up to three notices, newest on top, in the content's top-right corner. Clicking one
/// dismisses it.
enum ToastStack {
    static let visibleCount = 3

    static func render(_ toasts: [KioskViewModels.Toast], in area: Rect, frame: inout Frame, context: RenderContext) {
        for (row, toast) in toasts.suffix(visibleCount).reversed().enumerated() where row < area.height {
            let line = Rect(x: area.x, y: area.y + row, width: area.width, height: 1)
            let widget = TerminalUI.Toast(toast.message, kind: kind(toast.kind), theme: context.theme, glyphs: context.glyphs)
            widget.render(in: line, buffer: &frame.buffer)
            frame.addHit(widget.frame(in: line), .app(.dismissToast(id: toast.id)))
        }
    }

    private static func kind(_ kind: KioskViewModels.Toast.Kind) -> ToastKind {
        switch kind {
        case .purchaseSucceeded, .refundIssued: .success
        case .renewalFailed: .error
        case .info: .info
        }
    }
}
