@testable import TerminalUI

/// Renders a widget into a fresh buffer of `width`×`height` and returns the plain-text lines.
func renderedLines(_ widget: some Widget, width: Int, height: Int) -> [String] {
    HeadlessBackend.lines(renderedBuffer(widget, width: width, height: height))
}

func renderedBuffer(_ widget: some Widget, width: Int, height: Int) -> Buffer {
    var buffer = Buffer(width: width, height: height)
    widget.render(in: buffer.area, buffer: &buffer)
    return buffer
}

/// Splits an inline expected block into lines, so expected screens read like screens.
func screen(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
