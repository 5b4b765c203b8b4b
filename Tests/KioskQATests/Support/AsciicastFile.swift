import Foundation
import Testing

/// An asciicast v2 file read back as a player would: each line parsed as JSON on its own, and the
/// "o" events replayed through a text-only terminal model.
struct AsciicastFile {
    var header: [String: Any]
    var events: [(time: Double, kind: String, text: String)]

    init(_ text: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "the file ends with a newline")
        lines.removeLast()
        let first = try #require(lines.first)
        header = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        events = try lines.dropFirst().map { line in
            let array = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
            #expect(array.count == 3)
            let time = try #require(array[0] as? Double)
            return (time, try #require(array[1] as? String), try #require(array[2] as? String))
        }
    }

    /// The screens after each event, as rows of text.
    func screens() throws -> [[String]] {
        let width = try #require(header["width"] as? Int)
        let height = try #require(header["height"] as? Int)
        var screen = TextScreen(width: width, height: height)
        return events.map { event in
            screen.feed(event.text)
            return screen.rows
        }
    }
}

/// Just enough of a VT terminal for the text of `FrameEncoder`'s output: cursor positioning, full
/// clear, and SGR and private modes read and ignored. Anything else is recorded as unknown.
struct TextScreen {
    private var cells: [[Character]]
    private var row = 0
    private var column = 0
    private(set) var unknown: [String] = []

    init(width: Int, height: Int) {
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    var rows: [String] { cells.map { String($0) } }

    mutating func feed(_ text: String) {
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\u{1B}" else {
                if cells.indices.contains(row), cells[row].indices.contains(column) { cells[row][column] = character }
                column += 1
                continue
            }
            guard characters.next() == "[" else {
                unknown.append("ESC without [")
                continue
            }
            var parameters = ""
            while let next = characters.next() {
                if next.isLetter {
                    apply(parameters, next)
                    break
                }
                parameters.append(next)
            }
        }
    }

    private mutating func apply(_ parameters: String, _ final: Character) {
        let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
        switch final {
        case "H":
            row = (numbers.first ?? 1) - 1
            column = (numbers.count > 1 ? numbers[1] : 1) - 1
        case "J" where parameters == "2":
            cells = cells.map { $0.map { _ in " " } }
        case "m":
            break
        case "h" where parameters.hasPrefix("?"), "l" where parameters.hasPrefix("?"):
            break
        default:
            unknown.append("CSI \(parameters)\(final)")
        }
    }
}
