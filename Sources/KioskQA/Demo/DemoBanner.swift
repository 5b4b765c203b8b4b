import KioskScreens
import TerminalUI

/// The demo's caption band: two reverse-video lines above the storefront, the chapter's caption
/// and what the viewer can do. The storefront is laid out for the rows below it, so the band
/// never hides part of a screen.
public struct DemoBanner: Sendable, Hashable {
    /// Rows the band takes at the top of the terminal.
    public static let height = 2

    public var caption: String
    public var status: String

    public init(caption: String, status: String) {
        self.caption = caption
        self.status = status
    }

    /// The status line while the demo plays, is paused, or has ended.
    public static func status(paused: Bool, finished: Bool) -> String {
        if finished { return "Demo finished — press q to quit" }
        return paused ? "Paused — space resumes · n next chapter · q quit" : "space pause · n next chapter · q quit"
    }

    /// The size the storefront is rendered at in a terminal of `size`.
    public static func contentSize(in size: Size) -> Size {
        Size(width: max(1, size.width), height: max(1, size.height - height))
    }

    /// The terminal's whole frame: the band on top, `frame` below it (its cursor moved with it).
    /// The storefront's own key line is left blank: its keys do nothing in a demo, and the band
    /// lists the ones that do.
    public func compose(_ frame: Frame, size: Size) -> Frame {
        var composed = Frame(size: size)
        composed.buffer.draw(frame.buffer, at: Point(x: 0, y: Self.height))
        let keyLine = Self.height + frame.buffer.area.height - 1
        if keyLine > Self.height, keyLine < size.height {
            composed.buffer.fill(Rect(x: 0, y: keyLine, width: size.width, height: 1), with: .blank(.plain))
        }
        let band = Style.plain.reversed()
        composed.buffer.fill(Rect(x: 0, y: 0, width: size.width, height: Self.height), with: .blank(band))
        composed.buffer.write(" " + caption, x: 0, y: 0, style: band.bolded())
        composed.buffer.write(" " + status, x: 0, y: 1, style: band)
        composed.cursor = frame.cursor.map { Point(x: $0.x, y: $0.y + Self.height) }
        return composed
    }
}
