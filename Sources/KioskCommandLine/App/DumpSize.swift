import ArgumentParser
import TerminalUI

/// `--size WIDTHxHEIGHT` for `--dump`: the terminal size to lay the frame out for.
struct DumpSize: ExpressibleByArgument {
    static let limit = 1000
    let size: Size

    init(_ size: Size) {
        self.size = size
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...Self.limit).contains(width), (1...Self.limit).contains(height) else { return nil }
        size = Size(width: width, height: height)
    }

    var defaultValueDescription: String { "\(size.width)x\(size.height)" }
}
