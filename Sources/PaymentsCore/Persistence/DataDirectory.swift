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

    /// The signed-in terminal's session token (see `SessionTokenFile`).
    public var sessionURL: URL { url.appendingPathComponent("session") }

    /// A catalog the user placed here replaces the embedded default.
    public var catalogURL: URL { url.appendingPathComponent("catalog.yaml") }

    /// Creates the directory owner-only (it holds signing keys, webhook secrets and customers' names
    /// and emails), or makes an existing one owner-only; refuses with the reason when it cannot.
    public func create() throws {
        try OwnerOnlyFiles.prepareDirectory(url)
    }

    /// Folders Kiosk keeps here, made owner-only with every file in them.
    static let privateFolders = SigningParty.allCases.map(\.folderName) + ["snapshots"]

    /// Makes what an older Kiosk (or a user's `chmod`) left group- or world-readable here
    /// owner-only: every file directly in the directory, whatever its name, so a secret added
    /// later (such as `admin.key`) cannot be missed by a list, and the private folders' files.
    public func tightenExisting() throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw PaymentsError.storage("cannot list \(url.path): \(error)")
        }
        for name in names { try OwnerOnlyFiles.tightenFile(url.appendingPathComponent(name)) }
        for folder in Self.privateFolders.map(url.appendingPathComponent) where FileManager.default.fileExists(atPath: folder.path) {
            try OwnerOnlyFiles.prepareDirectory(folder)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            } catch {
                throw PaymentsError.storage("cannot list \(folder.path): \(error)")
            }
            for name in names { try OwnerOnlyFiles.tightenFile(folder.appendingPathComponent(name)) }
        }
    }
}
