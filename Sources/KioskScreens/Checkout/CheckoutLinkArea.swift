import TerminalUI

/// The hosted checkout's link in an area of its own across the whole width, below a rule and
/// outside any box: the full URL on its own lines, broken only by columns and never shortened,
/// so it can be selected and copied. On tall terminals the area takes the lower half, which is
/// the room for a scannable code of the same URL.
enum CheckoutLinkArea {
    static func height(url: String, in area: Rect) -> Int {
        let needed = chunks(url, width: area.width).count + 1
        return area.height >= 30 ? max(needed, area.height / 2) : needed
    }

    static func render(url: String, in area: Rect, frame: inout Frame, context: RenderContext) {
        guard area.height >= 2 else { return }
        frame.buffer.fill(area, with: .blank(context.theme.base))
        frame.buffer.write(String(repeating: context.glyphs.horizontal, count: area.width), x: area.x, y: area.y,
                           style: context.theme.border, clip: area)
        frame.buffer.write(" Checkout link ", x: area.x + 1, y: area.y, style: context.theme.title, clip: area)
        for (row, chunk) in chunks(url, width: area.width).enumerated() where row + 1 < area.height {
            frame.buffer.write(chunk, x: area.x, y: area.y + 1 + row, style: context.theme.base, clip: area)
        }
    }

    /// The URL cut every `width` columns.
    private static func chunks(_ url: String, width: Int) -> [String] {
        var result: [String] = []
        var remainder = Substring(url)
        while !remainder.isEmpty, width > 0 {
            let head = TextLayout.prefix(String(remainder), fitting: width)
            guard !head.isEmpty else { break }
            result.append(head)
            remainder = remainder.dropFirst(head.count)
        }
        return result
    }
}
