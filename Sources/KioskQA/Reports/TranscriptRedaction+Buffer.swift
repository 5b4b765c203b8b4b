import TerminalUI

extension TranscriptRedaction {
    /// A screen with every card number cut to its last four, each masked digit keeping its cell's
    /// style: recordings show what transcripts show.
    public static func buffer(_ buffer: Buffer) -> Buffer {
        var redacted = buffer
        for y in 0..<buffer.size.height {
            // One character per glyph cell, so a masked character maps back to its column.
            let columns = (0..<buffer.size.width).filter { !buffer[$0, y].isContinuation }
            let row = columns.map { buffer[$0, y].text.count == 1 ? Character(buffer[$0, y].text) : "?" }
            let masked = Array(text(String(row)))
            guard masked.count == row.count, masked != row else { continue }
            for (index, column) in columns.enumerated() where masked[index] != row[index] {
                redacted.write(String(masked[index]), x: column, y: y, style: buffer[column, y].style)
            }
        }
        return redacted
    }
}
