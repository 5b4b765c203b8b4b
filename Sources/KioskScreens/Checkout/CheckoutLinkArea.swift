import Foundation
import TerminalUI

/// The hosted checkout's link in an area of its own across the whole width, above the
/// instructions and outside any box: the full URL on its own lines, broken only by columns and
/// never shortened, so it can be selected and copied, and a QR code of the same URL for a phone.
/// The code goes beside the link when the terminal is wide, below it when tall, and when neither
/// fits the area says what size would show it, because a clipped code does not scan. A link to
/// this computer (loopback) gets no code, since no phone could open it; the area says so. Its cells
/// link to the URL, so a terminal that knows OSC 8 hyperlinks opens it on a click.
enum CheckoutLinkArea {
    /// Rows the checkout's own panels keep above the link area when the code is shown.
    static let panelRows = 14

    static func height(url: String, in area: Rect, context: RenderContext) -> Int {
        let needed = chunks(url, width: area.width).count + 1
        if isLoopback(url) { return needed + TextLayout.wrap(loopbackNote, to: max(1, area.width)).count }
        guard let code = code(url, context: context) else { return needed }
        // A short terminal keeps a row to say what size would show the code.
        guard area.height >= 30 else { return needed + 2 }
        let beside = area.width - code.size.width - 2 >= minimumLinkWidth
        let wanted = beside ? code.size.height + 1 : needed + code.size.height + 1
        return min(max(needed + 1, wanted), max(needed + 1, area.height - panelRows))
    }

    static func render(url: String, in area: Rect, frame: inout Frame, context: RenderContext) {
        guard area.height >= 2 else { return }
        frame.buffer.fill(area, with: .blank(context.theme.base))
        frame.buffer.write(String(repeating: context.glyphs.horizontal, count: area.width), x: area.x, y: area.y,
                           style: context.theme.border, clip: area)
        frame.buffer.write(" Checkout link ", x: area.x + 1, y: area.y, style: context.theme.title, clip: area)
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        guard let code = code(url, context: context) else {
            let rows = writeLink(url, in: body, frame: &frame, context: context)
            if isLoopback(url) {
                for (row, line) in TextLayout.wrap(loopbackNote, to: max(1, body.width)).enumerated() where rows + row < body.height {
                    frame.buffer.write(line, x: body.x, y: body.y + rows + row, style: context.theme.base.dimmed(), clip: body)
                }
            }
            return
        }
        let size = code.size
        if body.width - size.width - 2 >= minimumLinkWidth, body.height >= size.height {
            let columns = body.columns([.fill(), .fixed(size.width + 2)])
            writeLink(url, in: columns[0], frame: &frame, context: context)
            code.render(in: Rect(x: columns[1].x + 2, y: body.y, width: size.width, height: size.height), buffer: &frame.buffer)
            return
        }
        let linkRows = writeLink(url, in: body, frame: &frame, context: context)
        let below = Rect(x: body.x, y: body.y + linkRows + 1, width: body.width, height: body.height - linkRows - 1)
        if below.width >= size.width, below.height >= size.height {
            code.render(in: Rect(x: below.x + (below.width - size.width) / 2, y: below.y, width: size.width,
                                 height: size.height), buffer: &frame.buffer)
        } else if below.height >= 1 {
            let needed = "A QR code of this link shows in a terminal of at least "
                + "\(size.width + 2 + minimumLinkWidth)x\(size.height + panelRows + 3)."
            frame.buffer.write(TextLayout.truncate(needed, to: below.width, ellipsis: context.glyphs.ellipsis),
                               x: below.x, y: below.y, style: context.theme.base.dimmed(), clip: below)
        }
    }

    /// Narrower than this, the link breaks into too many pieces to copy comfortably.
    static let minimumLinkWidth = 40

    static let loopbackNote = "This link opens on this computer only, so no QR code: a phone could not reach it."

    /// Whether the link points at this computer (127.0.0.0/8, localhost, ::1).
    static func isLoopback(_ url: String) -> Bool {
        guard let host = URLComponents(string: url)?.host?.lowercased() else { return false }
        return host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }

    private static func code(_ url: String, context: RenderContext) -> QRCode? {
        guard !isLoopback(url), let matrix = try? QRMatrix.encode(url) else { return nil }
        return QRCode(matrix: matrix, glyphs: context.glyphs)
    }

    /// Writes the URL cut every `area.width` columns; returns the rows used.
    @discardableResult
    private static func writeLink(_ url: String, in area: Rect, frame: inout Frame, context: RenderContext) -> Int {
        let lines = chunks(url, width: area.width)
        for (row, chunk) in lines.enumerated() where row < area.height {
            frame.buffer.write(chunk, x: area.x, y: area.y + row, style: context.theme.base.linked(to: url), clip: area)
        }
        return min(lines.count, area.height)
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
