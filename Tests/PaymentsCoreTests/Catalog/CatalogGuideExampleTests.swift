import Foundation
@testable import PaymentsCore
import Testing

/// The catalog guide's example is one a reader can save and use: it loads, as written.
@Suite struct CatalogGuideExampleTests {
    static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/catalog.md")

    @Test func theCatalogFormatExampleLoads() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let section = try #require(text.range(of: "# The catalog format"))
        let start = try #require(text.range(of: "```yaml\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let catalog = try CatalogLoader.load(yaml: String(text[start.upperBound..<end.lowerBound]), file: "docs/catalog.md").get()
        #expect(catalog.products.map(\.id) == ["points.500", "themes.lifetime", "season.pass"])
    }
}
