import Foundation
import Testing
@testable import PaymentsCore

@Suite struct CatalogSourceTests {
    private let dataDirectory = DataDirectory(url: URL(fileURLWithPath: "/data/kiosk"))
    private let defaultURL = URL(fileURLWithPath: "/app/catalog.yaml")

    @Test func explicitPathWinsEvenWhenTheDataDirectoryHasACatalog() {
        let source = CatalogSource.resolve(explicitPath: "shop.yaml", dataDirectory: dataDirectory,
                                           defaultURL: defaultURL, fileExists: { _ in true })
        #expect(source?.origin == .explicit)
        #expect(source?.displayName == "shop.yaml")
    }

    @Test func dataDirectoryCatalogBeforeTheDefault() {
        let source = CatalogSource.resolve(explicitPath: nil, dataDirectory: dataDirectory, defaultURL: defaultURL,
                                           fileExists: { $0 == URL(fileURLWithPath: "/data/kiosk/catalog.yaml") })
        #expect(source?.origin == .dataDirectory)
        #expect(source?.url.path == "/data/kiosk/catalog.yaml")
    }

    @Test func embeddedDefaultWhenNothingElse() {
        let source = CatalogSource.resolve(explicitPath: "", dataDirectory: dataDirectory, defaultURL: defaultURL,
                                           fileExists: { _ in false })
        #expect(source?.origin == .embeddedDefault)
        #expect(source?.url == defaultURL)
        #expect(CatalogSource.resolve(explicitPath: nil, dataDirectory: nil, defaultURL: nil) == nil)
    }

    @Test func brokenUserCatalogReportsDiagnosticsInsteadOfFallingBack() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-catalog-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let userDirectory = DataDirectory(url: directory)
        try "catalog: 1\nname: Mine\ncurrency: USX\n".write(to: userDirectory.catalogURL, atomically: true, encoding: .utf8)
        let defaultText = try CatalogFixtures.defaultCatalogText()
        let defaultFile = directory.appendingPathComponent("default.yaml")
        try defaultText.write(to: defaultFile, atomically: true, encoding: .utf8)

        let result = CatalogSource.loadCatalog(explicitPath: nil, dataDirectory: userDirectory, defaultURL: defaultFile)
        guard case let .failure(.invalid(errors)) = result else {
            Issue.record("expected the user catalog's diagnostics, got \(result)")
            return
        }
        #expect(errors.diagnostics.map(\.line) == [3])
        #expect(errors.diagnostics.first?.file == userDirectory.catalogURL.path)

        try FileManager.default.removeItem(at: userDirectory.catalogURL)
        let fallback = CatalogSource.loadCatalog(explicitPath: nil, dataDirectory: userDirectory, defaultURL: defaultFile)
        #expect((try? fallback.get())?.1.origin == .embeddedDefault)
        #expect((try? fallback.get())?.0.name == "Kiosk Demo Store")
    }
}
