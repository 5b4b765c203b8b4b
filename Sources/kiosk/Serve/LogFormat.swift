import ArgumentParser
import KioskServer
import Logging

/// `kiosk serve --log-format`: free text for a person at a terminal (warnings and errors only),
/// or one JSON object per line, with a line per request, for a log collector.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json

    func logger(label: String) -> Logger {
        switch self {
        case .text:
            var logger = Logger(label: label)
            logger.logLevel = .warning
            return logger
        case .json:
            return Logger(label: label) { JSONLogHandler(label: $0) }
        }
    }
}
