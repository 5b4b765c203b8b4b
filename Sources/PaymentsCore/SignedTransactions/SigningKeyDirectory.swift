import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The on-disk home of one signing chain, a folder inside Kiosk's data directory named for its party
/// (`transaction-signing` for the App Store, `merchant-signing` for the merchant, see ``SigningParty``):
///
/// - `root-ca.pem`: the root certificate only. This is all a verifier needs; the root's private key
///   is discarded once the intermediate is issued, like an offline root.
/// - `intermediate-ca.pem`: intermediate certificate and its private key (0600).
/// - `signing-leaf.pem`: leaf certificate and its private key (0600). Kept in one file so that renewing the
///   leaf replaces certificate and key together with a single atomic rename.
///
/// Everything is owner-only (files 0600, the folder 0700), like the rest of the data directory.
/// A new chain is written into a staging folder and renamed into place once complete, so a kill during
/// first-run creation leaves either no chain or a whole one, never a partial folder. New files are created
/// with `O_EXCL`, so an existing file is never overwritten; the leaf renewal is the only replacement, and it
/// is atomic.
struct SigningKeyDirectory {
    static let rootFile = "root-ca.pem"
    static let intermediateFile = "intermediate-ca.pem"
    static let leafFile = "signing-leaf.pem"
    static let allFiles = [rootFile, intermediateFile, leafFile]

    static let publicPermissions: mode_t = 0o600
    static let privatePermissions: mode_t = 0o600
    static let directoryPermissions = 0o700

    /// The points of first-run creation a kill can fall between, in order; tests stop creation at each.
    enum CreationStep: CaseIterable, Sendable {
        case stagingCreated, intermediateWritten, leafWritten, rootWritten
    }

    let party: SigningParty
    let url: URL
    let stagingURL: URL

    init(dataDirectory: URL, party: SigningParty) {
        self.party = party
        url = dataDirectory.appendingPathComponent(party.folderName, isDirectory: true)
        stagingURL = dataDirectory.appendingPathComponent(".\(party.folderName).partial", isDirectory: true)
    }

    func path(of file: String) -> String {
        url.appendingPathComponent(file, isDirectory: false).path
    }

    /// Files of the chain that exist; a path taken by something that is not a regular file counts as
    /// present, so that it is reported as corrupt rather than replaced.
    func existingFiles() -> [String] {
        Self.allFiles.filter { FileManager.default.fileExists(atPath: path(of: $0)) }
    }

    func read(_ file: String) throws(TransactionSigningAuthorityError) -> String {
        let path = path(of: file)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, detail: error.localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .corruptFile(path: path, detail: "not UTF-8 PEM text")
        }
        return text
    }

    /// Writes a whole new chain (`files`: name, contents, permissions, in order) into the staging folder,
    /// flushes it, and renames it into place. A leftover staging folder of an interrupted creation is
    /// discarded first; `interruption` is called after each step (tests throw from it to stop there).
    func createStaged(
        _ files: [(name: String, contents: String, permissions: mode_t)],
        interruption: ((CreationStep) throws -> Void)? = nil
    ) throws(TransactionSigningAuthorityError) {
        do {
            // The data directory itself, when the chain is its first content (owner-only, like everything in it).
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: Self.directoryPermissions])
        } catch {
            throw .writeFailed(path: url.deletingLastPathComponent().path, detail: error.localizedDescription)
        }
        try removeFolder(stagingURL)
        guard mkdir(stagingURL.path, mode_t(Self.directoryPermissions)) == 0 else {
            throw .writeFailed(path: stagingURL.path, detail: Self.lastErrorDescription())
        }
        try reach(.stagingCreated, interruption)
        let steps: [CreationStep] = [.intermediateWritten, .leafWritten, .rootWritten]
        for (file, step) in zip(files, steps) {
            try Self.writeExclusively(path: stagingURL.appendingPathComponent(file.name).path, contents: file.contents,
                                      permissions: file.permissions)
            try reach(step, interruption)
        }
        try Self.flush(stagingURL.path)
        guard rename(stagingURL.path, url.path) == 0 else {
            throw .writeFailed(path: url.path, detail: Self.lastErrorDescription())
        }
        try Self.flush(url.deletingLastPathComponent().path)
    }

    /// Deletes the chain's folder: only done when it is damaged and nothing was ever signed with it.
    func removeChain() throws(TransactionSigningAuthorityError) {
        try removeFolder(url)
    }

    private func removeFolder(_ folder: URL) throws(TransactionSigningAuthorityError) {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            throw .writeFailed(path: folder.path, detail: "cannot remove: \(error.localizedDescription)")
        }
    }

    private func reach(
        _ step: CreationStep,
        _ interruption: ((CreationStep) throws -> Void)?
    ) throws(TransactionSigningAuthorityError) {
        do {
            try interruption?(step)
        } catch {
            throw .writeFailed(path: stagingURL.path, detail: "interrupted after \(step): \(error)")
        }
    }

    private static func flush(_ path: String) throws(TransactionSigningAuthorityError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .writeFailed(path: path, detail: lastErrorDescription()) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .writeFailed(path: path, detail: lastErrorDescription()) }
    }

    /// Atomically replaces a file: readers see either the old or the new contents, never a mix.
    func replace(_ file: String, contents: String, permissions: mode_t) throws(TransactionSigningAuthorityError) {
        let finalPath = path(of: file)
        let stagingPath = path(of: ".\(file).new")
        if unlink(stagingPath) != 0, errno != ENOENT {
            throw .writeFailed(path: stagingPath, detail: Self.lastErrorDescription())
        }
        try Self.writeExclusively(path: stagingPath, contents: contents, permissions: permissions)
        guard rename(stagingPath, finalPath) == 0 else {
            let detail = Self.lastErrorDescription()
            unlink(stagingPath)
            throw .writeFailed(path: finalPath, detail: detail)
        }
    }

    private static func writeExclusively(
        path: String,
        contents: String,
        permissions: mode_t
    ) throws(TransactionSigningAuthorityError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw .fileAlreadyExists(path: path) }
            throw .writeFailed(path: path, detail: lastErrorDescription())
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, permissions) == 0 else {
            throw .writeFailed(path: path, detail: lastErrorDescription())
        }
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: path, detail: lastErrorDescription())
            }
            written += result
        }
        guard fsync(descriptor) == 0 else {
            throw .writeFailed(path: path, detail: lastErrorDescription())
        }
    }

    private static func lastErrorDescription() -> String {
        String(cString: strerror(errno))
    }
}
