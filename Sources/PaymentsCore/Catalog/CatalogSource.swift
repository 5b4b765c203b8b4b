import Foundation

/// Which catalog file is in effect: an explicitly named file, else `<data dir>/catalog.yaml` if
/// the user put one there, else the default shipped with Kiosk.
///
/// A user catalog that exists is always used, broken or not: falling back to the default would
/// quietly sell the demo store's products while the user believes their edits are live.
public struct CatalogSource: Hashable, Sendable {
    public enum Origin: String, Hashable, Sendable {
        case explicit
        case dataDirectory = "data directory"
        case embeddedDefault = "embedded default"
    }

    public let url: URL
    public let origin: Origin
    /// What diagnostics call the file: the path as the user typed it, or the full path.
    public let displayName: String

    public init(url: URL, origin: Origin, displayName: String) {
        self.url = url
        self.origin = origin
        self.displayName = displayName
    }

    /// Nil only when nothing is named, the data directory has no catalog and the build carries
    /// no default (`defaultURL` nil).
    public static func resolve(explicitPath: String?, dataDirectory: DataDirectory?, defaultURL: URL?,
                               fileExists: (URL) -> Bool = { FileManager.default.fileExists(atPath: $0.path) })
        -> CatalogSource? {
        if let explicitPath, !explicitPath.isEmpty {
            return CatalogSource(url: URL(fileURLWithPath: explicitPath), origin: .explicit, displayName: explicitPath)
        }
        if let dataDirectory, fileExists(dataDirectory.catalogURL) {
            return CatalogSource(url: dataDirectory.catalogURL, origin: .dataDirectory,
                                 displayName: dataDirectory.catalogURL.path)
        }
        return defaultURL.map { CatalogSource(url: $0, origin: .embeddedDefault, displayName: $0.path) }
    }

    public func load() -> Result<Catalog, CatalogLoadFailure> {
        CatalogLoader.load(contentsOf: url, displayName: displayName)
    }

    /// Resolves and loads in one step, for callers that only need the catalog in effect.
    /// With `cache`, the YAML is parsed only when it changed since the cache was made.
    public static func loadCatalog(explicitPath: String?, dataDirectory: DataDirectory?, defaultURL: URL?,
                                   cache: CatalogCache? = nil) -> Result<(Catalog, CatalogSource), CatalogLoadFailure> {
        guard let source = resolve(explicitPath: explicitPath, dataDirectory: dataDirectory, defaultURL: defaultURL)
        else {
            return .failure(.unreadable(file: "catalog.yaml",
                                        reason: "no catalog: none named, none in the data directory, and this "
                                            + "build has no embedded default"))
        }
        guard let cache else { return source.load().map { ($0, source) } }
        return CatalogLoader.load(contentsOf: source.url, displayName: source.displayName, cache: cache).0.map { ($0, source) }
    }
}
