import KioskViewModels
import TerminalUI

/// Accessible mode's toasts: whole lines above the screen, each starting with "Announcement:",
/// instead of a box floating over the corner. A screen reader reads new lines as they appear,
/// and nothing it was reading gets covered.
enum Announcements {
    static let visibleCount = 3

    /// Draws the newest notices at the top of `area` and returns what is left for the screen;
    /// a change feed that cannot be read comes first, as "Alert:", for as long as it lasts.
    static func render(_ toasts: [KioskViewModels.Toast], feedTrouble: FeedTrouble? = nil, in area: Rect,
                       frame: inout Frame, context: RenderContext) -> Rect {
        var area = area
        if let feedTrouble, area.height > 1 {
            let parts = area.rows([.fixed(1), .fill()])
            let text = TextLayout.truncate("Alert: \(feedTrouble.notice)", to: parts[0].width, ellipsis: context.glyphs.ellipsis)
            frame.buffer.write(text, x: parts[0].x, y: parts[0].y, style: context.theme.base.bolded(), clip: parts[0])
            area = parts[1]
        }
        let notices = Array(toasts.suffix(visibleCount).reversed())
        guard !notices.isEmpty else { return area }
        let parts = area.rows([.fixed(notices.count), .fill()])
        for (row, toast) in notices.enumerated() {
            let line = Rect(x: parts[0].x, y: parts[0].y + row, width: parts[0].width, height: 1)
            let text = TextLayout.truncate("Announcement: \(toast.message)", to: line.width, ellipsis: context.glyphs.ellipsis)
            frame.buffer.write(text, x: line.x, y: line.y, style: context.theme.base.bolded(), clip: line)
            frame.addHit(line, .app(.dismissToast(id: toast.id)))
        }
        return parts[1]
    }
}
