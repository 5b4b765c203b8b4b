import Foundation

/// Reads catalog files (`Resources/catalog.yaml` format) into a `Catalog`, or into every
/// problem the file has, each with its line and column.
///
/// The YAML node tree is walked by hand rather than decoded with `Codable` because a decoder
/// stops at the first problem and loses positions; a person editing a catalog wants the full
/// list, compiler style.
public enum CatalogLoader {
    /// `file` is only the name diagnostics carry (as the user wrote it).
    public static func load(yaml: String, file: String) -> Result<Catalog, CatalogErrors> {
        loadNoting(yaml: yaml, file: file).map { $0.catalog }
    }

    /// `load`, with the notes of a valid file (what was inferred, such as entitlements declared
    /// by use), in file order.
    public static func loadNoting(yaml: String, file: String) -> Result<(catalog: Catalog, notes: [CatalogDiagnostic]), CatalogErrors> {
        let composed: CatalogDocumentComposer.Composed
        switch CatalogDocumentComposer.compose(yaml: yaml) {
        case let .success(document):
            composed = document
        case let .failure(.yaml(line, column, message)):
            return .failure(CatalogErrors(diagnostics: [
                CatalogDiagnostic(file: file, line: line, column: column, message: message),
            ]))
        }
        guard let root = composed.root else {
            return .failure(CatalogErrors(diagnostics: [
                CatalogDiagnostic(file: file, line: 1, column: 1,
                                  message: "the catalog is empty; it needs at least 'catalog: 1', 'name' "
                                      + "and 'currency'"),
            ]))
        }
        var reader = CatalogReader(file: file, maskedKeys: composed.maskedKeys)
        let catalog = reader.read(root)
        let diagnostics = reader.nodes.diagnostics.enumerated().sorted { lhs, rhs in
            (lhs.element.line, lhs.element.column, lhs.offset) < (rhs.element.line, rhs.element.column, rhs.offset)
        }.map(\.element)
        if let catalog, diagnostics.isEmpty { return .success((catalog, reader.nodes.notes)) }
        return .failure(CatalogErrors(diagnostics: diagnostics.isEmpty
            ? [CatalogDiagnostic(file: file, line: 1, column: 1, message: "the catalog could not be read")]
            : diagnostics))
    }

    /// Reads and loads a file. `displayName` is what diagnostics call the file (default: its path).
    public static func load(contentsOf url: URL, displayName: String? = nil) -> Result<Catalog, CatalogLoadFailure> {
        loadNoting(contentsOf: url, displayName: displayName).map { $0.catalog }
    }

    /// `load(contentsOf:)` with the notes of a valid file.
    public static func loadNoting(contentsOf url: URL, displayName: String? = nil)
        -> Result<(catalog: Catalog, notes: [CatalogDiagnostic]), CatalogLoadFailure> {
        let file = displayName ?? url.path
        return read(url, file: file).flatMap { data in loadNoting(yaml: data, file: file) }
    }

    /// `load(contentsOf:)`, through `cache`: the YAML is parsed only when the cache was not made
    /// from these very bytes.
    public static func load(contentsOf url: URL, displayName: String? = nil, cache: CatalogCache)
        -> (Result<Catalog, CatalogLoadFailure>, CatalogCache.Outcome) {
        let file = displayName ?? url.path
        switch read(url, file: file) {
        case let .failure(failure):
            return (.failure(failure), .parsedUncached)
        case let .success(data):
            return cache.catalog(for: data) { loadNoting(yaml: $0, file: file).map(\.catalog) }
        }
    }

    private static func read(_ url: URL, file: String) -> Result<Data, CatalogLoadFailure> {
        do {
            return .success(try Data(contentsOf: url))
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path)
                ? "cannot read the catalog file" : "no such catalog file"
            return .failure(.unreadable(file: file, reason: reason))
        }
    }

    private static func loadNoting(yaml data: Data, file: String)
        -> Result<(catalog: Catalog, notes: [CatalogDiagnostic]), CatalogLoadFailure> {
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(.unreadable(file: file, reason: "the catalog file is not UTF-8 text"))
        }
        return loadNoting(yaml: text, file: file).mapError(CatalogLoadFailure.invalid)
    }
}
