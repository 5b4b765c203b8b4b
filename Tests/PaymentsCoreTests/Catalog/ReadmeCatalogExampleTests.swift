import Foundation
@testable import PaymentsCore
import Testing

/// The README's catalog example is one a reader can save and use: it loads, as written.
@Suite struct ReadmeCatalogExampleTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    @Test func theCatalogFormatExampleLoads() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let section = try #require(text.range(of: "## Catalog format"))
        let start = try #require(text.range(of: "```yaml\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let catalog = try CatalogLoader.load(yaml: String(text[start.upperBound..<end.lowerBound]), file: "README.md").get()
        #expect(catalog.products.map(\.id) == ["points.500", "themes.lifetime", "season.pass"])
    }
}
