import Foundation

/// Where Kiosk keeps its database, keys and user catalog.
///
/// Precedence: an explicit `--data-dir`, then `KIOSK_DATA_DIR`, then `$XDG_DATA_HOME/kiosk`, then
/// `~/.local/share/kiosk` (the XDG Base Directory default). Resolution is pure over the
/// environment it is given, so tests never touch the real home directory.
public struct DataDirectory: Sendable, Hashable {
    public let url: URL

    public init(url: URL) { self.url = url.standardizedFileURL }

    public static func resolve(explicit: String?, environment: [String: String]) -> DataDirectory {
        if let explicit, !explicit.isEmpty { return DataDirectory(url: URL(fileURLWithPath: explicit)) }
        if let dir = environment["KIOSK_DATA_DIR"], !dir.isEmpty { return DataDirectory(url: URL(fileURLWithPath: dir)) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return DataDirectory(url: URL(fileURLWithPath: xdg).appendingPathComponent("kiosk"))
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return DataDirectory(url: URL(fileURLWithPath: home).appendingPathComponent(".local/share/kiosk"))
    }

    public var databaseURL: URL { url.appendingPathComponent("kiosk.sqlite") }

    /// A catalog the user placed here replaces the embedded default.
    public var catalogURL: URL { url.appendingPathComponent("catalog.yaml") }

    /// Creates the directory (owner-only: it will hold signing keys and webhook secrets).
    public func create() throws {
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
}
