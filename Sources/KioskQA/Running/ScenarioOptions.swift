import Foundation
import KioskScreens
import PaymentsCore

/// What every scenario of one run shares.
public struct ScenarioOptions: Sendable {
    /// The catalog used when a scenario names none (the built-in one, from the executable).
    public var defaultCatalog: URL
    /// Where each scenario's throwaway data directory is made.
    public var scratchDirectory: URL
    public var updateSnapshots: Bool
    public var context: RenderContext
    /// Scenarios run at once: each is mostly waiting on its database, so a few overlap well.
    public var width: Int
    /// Makes a fresh, empty store for one scenario somewhere other than its data directory's
    /// SQLite file (`kiosk qa run --database`: a PostgreSQL schema); nil for SQLite.
    public var freshStorage: (@Sendable () async throws -> any PaymentsStorage)?
    /// Records each scenario as an asciicast (`kiosk qa run --asciicast DIR`).
    public var recordsAsciicast = false

    public init(defaultCatalog: URL, scratchDirectory: URL = FileManager.default.temporaryDirectory,
                updateSnapshots: Bool = false, context: RenderContext = .monochrome, width: Int = 3,
                freshStorage: (@Sendable () async throws -> any PaymentsStorage)? = nil) {
        self.defaultCatalog = defaultCatalog
        self.scratchDirectory = scratchDirectory
        self.updateSnapshots = updateSnapshots
        self.context = context
        self.width = max(1, width)
        self.freshStorage = freshStorage
    }
}
