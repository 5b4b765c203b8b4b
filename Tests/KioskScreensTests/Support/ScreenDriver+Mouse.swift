import KioskScreens
import TerminalUI

extension ScreenDriver {
    /// Where `text` first appears on screen (its first cell), to click what a person would see.
    func position(of text: String) -> Point? {
        for (row, line) in HeadlessBackend.lines(frame.buffer).enumerated() {
            guard let range = line.range(of: text) else { continue }
            return Point(x: DisplayWidth.of(String(line[..<range.lowerBound])), y: row)
        }
        return nil
    }

    /// Clicks as the host does: against the layout of the frame on screen (the state as it is
    /// now, which a host would have painted).
    func click(_ point: Point) async {
        await send(.input(.mouse(MouseEvent(action: .press, position: point)), over: frame.layout))
    }

    func scroll(down: Bool, at point: Point = Point(x: 10, y: 10)) async {
        await send(.input(.mouse(MouseEvent(action: down ? .scrollDown : .scrollUp, position: point)), over: frame.layout))
    }
}
