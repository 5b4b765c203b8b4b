import ArgumentParser
import TerminalUI

/// `--color auto|always|never`, parsed by the terminal layer's own `ColorMode`.
struct ColorChoice: ExpressibleByArgument {
    let mode: ColorMode

    init?(argument: String) {
        guard let mode = try? ColorMode(parsing: argument) else { return nil }
        self.mode = mode
    }

    static var allValueStrings: [String] { ColorMode.allCases.map(\.rawValue) }
}
