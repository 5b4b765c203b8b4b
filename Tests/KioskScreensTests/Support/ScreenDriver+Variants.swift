import KioskScreens
import TerminalUI
import Testing

extension ScreenDriver {
    /// Every look a screen is reviewed in: colour (styled) and monochrome (plain text) at the
    /// three sizes, and the accessible layout at 80x24.
    static let snapshotVariants: [(context: RenderContext, styled: Bool, sizes: [Size])] = [
        (.standard, true, [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 60, height: 20)]),
        (.monochrome, false, [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 60, height: 20)]),
        (RenderContext(theme: .monochrome, glyphs: .ascii, isAccessible: true), false, [Size(width: 80, height: 24)]),
    ]

    /// Builds a fresh store per look, runs `setUp` on it, and snapshots the screen at each size as
    /// `<state>-<width>x<height>[-mono|-accessible]`.
    static func snapshotEveryVariant(_ state: String, fileID: StaticString = #fileID, file: StaticString = #filePath,
                                     testName: String = #function, line: UInt = #line,
                                     setUp: (ScreenDriver) async throws -> Void) async throws {
        for variant in snapshotVariants {
            let driver = try ScreenDriver(size: variant.sizes[0], context: variant.context)
            try await setUp(driver)
            for size in variant.sizes {
                await driver.resize(size.width, size.height)
                let suffix = variant.context.isAccessible ? "-accessible" : variant.styled ? "" : "-mono"
                driver.assertScreen(named: "\(state)-\(size.width)x\(size.height)\(suffix)", styled: variant.styled,
                                    fileID: fileID, file: file, testName: testName, line: line)
            }
        }
    }
}
