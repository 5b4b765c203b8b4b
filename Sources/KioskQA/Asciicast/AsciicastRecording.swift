import Foundation
import KioskScreens
import PaymentsCore
import TerminalUI

/// An asciicast v2 recording (what asciinema and its web player read): a JSON header line, then
/// one `[seconds, "o", text]` line per frame, where the text is what the byte-stream backend's
/// `FrameEncoder` would have written to a real terminal for that frame.
///
/// Times are given by the caller from its injected clock, never read from the wall clock, so the
/// same script or scenario always records the same bytes. Card numbers on screen are cut to their
/// last four, as in transcripts: a recording is shared like any QA report.
public struct AsciicastRecording: Sendable {
    public let size: Size
    private var encoder: FrameEncoder
    private var lines: [String]
    private var lastTime: Double = 0

    /// Starts a recording of a `size` terminal; `timestamp` is the start as the recording's clock
    /// has it (the scenario's start), written as the header's Unix time.
    public init(size: Size, colorLevel: ColorLevel, timestamp: Date) {
        self.size = size
        encoder = FrameEncoder(colorLevel: colorLevel)
        let term = colorLevel >= .ansi256 ? "xterm-256color" : "xterm"
        let header = "{\"version\": 2, \"width\": \(size.width), \"height\": \(size.height), "
            + "\"timestamp\": \(Int(timestamp.timeIntervalSince1970)), \"env\": {\"TERM\": \(QuotedString.of(term))}}"
        lines = [header]
    }

    /// Adds the bytes painting `frame` at `seconds` from the start; a time earlier than the last
    /// one is taken as the last, so times never go back. A frame identical to the last one adds
    /// nothing.
    public mutating func add(_ frame: Frame, at seconds: Double) {
        let bytes = encoder.encode(TranscriptRedaction.buffer(frame.buffer), cursor: frame.cursor)
        guard !bytes.isEmpty else { return }
        lastTime = max(lastTime, seconds.isFinite ? seconds : lastTime)
        let text = QuotedString.of(String(decoding: bytes, as: UTF8.self))
        lines.append("[\(String(format: "%.3f", lastTime)), \"o\", \(text)]")
    }

    /// The whole file: header and events, one JSON value per line.
    public var text: String { lines.joined(separator: "\n") + "\n" }
}
