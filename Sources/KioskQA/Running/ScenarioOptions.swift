import Foundation
import KioskScreens

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

    public init(defaultCatalog: URL, scratchDirectory: URL = FileManager.default.temporaryDirectory,
                updateSnapshots: Bool = false, context: RenderContext = .monochrome, width: Int = 3) {
        self.defaultCatalog = defaultCatalog
        self.scratchDirectory = scratchDirectory
        self.updateSnapshots = updateSnapshots
        self.context = context
        self.width = max(1, width)
    }
}
