import Foundation
import Testing
@testable import PaymentsCore

/// The parsed catalog kept in the data directory: used only for the very bytes it was made from,
/// and made again when the YAML changed or the cache was damaged.
@Suite struct CatalogCacheTests {
    let directory: DataDirectory
    let yaml: URL

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-cache-\(UUID().uuidString)")
        directory = DataDirectory(url: url)
        try directory.create()
        yaml = url.appendingPathComponent("catalog.yaml")
        try write(name: "Kiosk Demo Store")
    }

    private func write(name: String) throws {
        try Data(CatalogFixtures.defaultCatalogText().replacingOccurrences(of: "name: Kiosk Demo Store", with: "name: \(name)").utf8)
            .write(to: yaml)
    }

    private func load() throws -> (Catalog, CatalogCache.Outcome) {
        let (result, outcome) = CatalogLoader.load(contentsOf: yaml, cache: CatalogCache(directory: directory))
        return (try result.get(), outcome)
    }

    @Test func anUnchangedCatalogIsReadFromTheCacheNotParsed() throws {
        let (parsed, first) = try load()
        #expect(first == .rebuilt)
        let (cached, second) = try load()
        #expect(second == .hit)
        #expect(cached == parsed)
        #expect(cached == (try CatalogLoader.load(contentsOf: yaml).get()))
        let mode = try FileManager.default.attributesOfItem(atPath: CatalogCache(directory: directory).url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aChangedCatalogIsParsedAgain() throws {
        _ = try load()
        try write(name: "Renamed Store")
        let (catalog, outcome) = try load()
        #expect(outcome == .rebuilt)
        #expect(catalog.name == "Renamed Store")
        #expect(try load().1 == .hit)
    }

    /// A cache whose payload was altered (here to name another store) while its header still
    /// names the YAML's bytes is not believed.
    @Test func aDamagedCacheIsRebuiltNeverTrusted() throws {
        _ = try load()
        let cache = CatalogCache(directory: directory).url
        let damaged = String(decoding: try Data(contentsOf: cache), as: UTF8.self)
            .replacingOccurrences(of: "\"Kiosk Demo Store\"", with: "\"Forged Store\"")
        #expect(damaged.contains("Forged Store"))
        try Data(damaged.utf8).write(to: cache)
        let (catalog, outcome) = try load()
        #expect(outcome == .rebuilt)
        #expect(catalog.name == "Kiosk Demo Store")
        try Data("not a cache".utf8).write(to: cache)
        #expect(try load().1 == .rebuilt)
        #expect(try load().1 == .hit)
    }

    @Test func anInvalidCatalogIsReportedAndNotCached() throws {
        try Data("catalog: 1\nname: [".utf8).write(to: yaml)
        let (result, outcome) = CatalogLoader.load(contentsOf: yaml, cache: CatalogCache(directory: directory))
        guard case .failure(.invalid) = result else {
            Issue.record("expected the catalog to be rejected: \(result)")
            return
        }
        #expect(outcome == .parsedUncached)
        #expect(!FileManager.default.fileExists(atPath: CatalogCache(directory: directory).url.path))
    }
}
