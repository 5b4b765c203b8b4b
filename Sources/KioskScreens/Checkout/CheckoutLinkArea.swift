import TerminalUI

/// The hosted checkout's link, in an area of its own below a rule: the full URL on its own
/// lines (broken only by columns, never shortened) so it can be selected and copied. The area
/// is the place for a scannable code of the same URL.
enum CheckoutLinkArea {
    static func render(url: String, in area: Rect, frame: inout Frame, context: RenderContext) {
        guard area.height >= 2 else { return }
        frame.buffer.write(String(repeating: context.glyphs.horizontal, count: area.width), x: area.x, y: area.y,
                           style: context.theme.border, clip: area)
        frame.buffer.write(" Checkout link ", x: area.x + 1, y: area.y, style: context.theme.title, clip: area)
        let lines = LineStack(lines: [ScreenLine(.verbatim(url))], labelWidth: 0, context: context)
        lines.render(in: Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1), frame: &frame)
    }
}
