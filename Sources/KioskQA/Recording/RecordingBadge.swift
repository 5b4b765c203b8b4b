import TerminalUI

/// The "Recording" badge `kiosk qa record` draws at the right end of the tab bar, so nobody
/// forgets that every key is being written to a scenario file.
public enum RecordingBadge {
    public static let text = " Recording "

    /// Draws the badge on the top row of `buffer`, right-aligned, in the theme's error colour
    /// reversed (visible without colour too).
    public static func draw(on buffer: inout Buffer, theme: Theme) {
        let area = buffer.area
        let width = DisplayWidth.of(text)
        guard area.width >= width, area.height > 0 else { return }
        buffer.write(text, x: area.maxX - width, y: area.y, style: theme.error.bolded().reversed(), clip: area)
    }
}
