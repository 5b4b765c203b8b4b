import Foundation

/// The terminal's own session token on disk (`session` in the data directory), so `kiosk run`
/// opens on the customer it was left signed in as. Owner-only, and replaced through a staged
/// file and a rename like every file Kiosk rewrites.
public struct SessionTokenFile: Sendable {
    public let url: URL

    public init(_ directory: DataDirectory) { url = directory.sessionURL }

    /// The kept token; nil when no terminal is signed in here.
    public func load() throws -> String? {
        guard let data = try OwnerOnlyFiles.readIfPresent(url) else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard SessionToken.hash(token) != nil else {
            throw PaymentsError.storage("\(url.path) does not hold a Kiosk session token: remove it and sign in again")
        }
        return token
    }

    /// Keeps `token`, or forgets the kept one for nil.
    public func save(_ token: String?) throws {
        guard let token else { return try OwnerOnlyFiles.removeIfPresent(url) }
        try OwnerOnlyFiles.write(Data((token + "\n").utf8), to: url)
    }
}
