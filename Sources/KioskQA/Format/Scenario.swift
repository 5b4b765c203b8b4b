import Foundation
import PaymentsCore
import TerminalUI

/// One QA scenario file, validated: everything the runner needs to replay it headless.
public struct Scenario: Sendable {
    /// The path as given, used in every diagnostic and report line.
    public var file: String
    public var name: String
    public var tags: [String]
    /// A catalog file, relative paths resolved against the scenario's folder; nil for the built-in one.
    public var catalogPath: String?
    public var start: Date
    public var seed: UInt64
    public var size: Size
    /// The customer signed in before the first step; nil starts signed out.
    public var customer: CustomerSetup?
    public var steps: [ScenarioStep]

    public init(file: String, name: String, tags: [String] = [], catalogPath: String? = nil,
                start: Date = Scenario.defaultStart, seed: UInt64 = 1, size: Size = Size(width: 100, height: 30),
                customer: CustomerSetup? = CustomerSetup(), steps: [ScenarioStep]) {
        self.file = file
        self.name = name
        self.tags = tags
        self.catalogPath = catalogPath
        self.start = start
        self.seed = seed
        self.size = size
        self.customer = customer
        self.steps = steps
    }

    /// The catalog file the scenario runs on: its own (relative to the scenario's folder) or `defaultCatalog`.
    public func catalogURL(default defaultCatalog: URL) -> URL {
        guard let catalogPath else { return defaultCatalog }
        return catalogPath.hasPrefix("/") ? URL(fileURLWithPath: catalogPath)
            : URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(catalogPath)
    }

    /// 2026-01-01T00:00:00Z: a fixed start so dates on screen never depend on the day a run happens.
    public static let defaultStart = Date(timeIntervalSince1970: 1_767_225_600)
}

/// A customer the runner creates, attaches to the scenario's test clock and signs in.
public struct CustomerSetup: Sendable, Hashable {
    public var name: String
    /// A saved test card number (tokenized, never kept whole); nil for none.
    public var card: String?

    public init(name: String = "qa", card: String? = nil) {
        self.name = name
        self.card = card
    }
}
