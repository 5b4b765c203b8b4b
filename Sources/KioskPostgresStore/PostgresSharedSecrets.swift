import Foundation
import KioskPostgres
import PaymentsCore
import PostgresNIO

/// The keys every server of one PostgreSQL store must hold alike, whatever machine it runs on: the
/// signing chains (a transaction one server signs, another verifies), the card processor's
/// fingerprint key (one card, one fingerprint, whichever server saw it) and the admin key (one key
/// for the test-control API of every server).
///
/// The store keeps them in `kiosk_secrets` (v25) by their paths in a data directory, and each
/// server's data directory holds a copy, which is what the rest of Kiosk reads. Opening a store
/// shares them under an advisory lock, so servers starting at once take turns: the first makes the
/// keys and records them, the others copy them. A data directory whose keys differ from the
/// store's (it served another store) is refused, never overwritten.
public struct PostgresSharedSecrets: Sendable {
    /// One file of the data directory. A path with a folder (`merchant-signing/root-ca.pem`) is
    /// part of a folder copied whole, since a chain is only usable complete.
    public struct File: Sendable, Hashable {
        public let path: String
        /// A file each server may replace by itself (a signing leaf renewed before it expires):
        /// copied to a server that has none, never compared.
        public let renewable: Bool

        public init(_ path: String, renewable: Bool = false) {
            self.path = path
            self.renewable = renewable
        }

        var folder: String? {
            path.contains("/") ? String(path.prefix { $0 != "/" }) : nil
        }
    }

    let location: PostgresLocation
    let files: [File]
    let runner: PostgresTransactionRunner

    public init(location: PostgresLocation, files: [File], runner: PostgresTransactionRunner = PostgresTransactionRunner()) {
        self.location = location
        self.files = files
        self.runner = runner
    }

    /// Copies into `directory` the store's keys it lacks, runs `opening` (which makes whatever keys
    /// are still missing, as a first server would), then records in the store those it lacks and
    /// checks the rest agree, all under the store's lock. A failure of `opening` is rethrown as it
    /// is; the store's refusals are `PostgresStoreFailure`s.
    public func share<Opened: Sendable>(with directory: DataDirectory,
                                         opening: () async throws -> Opened) async throws -> Opened {
        let (files, runner) = (files, runner)
        let outcome: Result<Opened, any Error> = try await PostgresConnector.withConnection(
            to: location, doing: "share the store's keys"
        ) { connection in
            try await runner.run(on: connection, isolation: .readCommitted) { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "SELECT pg_advisory_xact_lock(\(StoreAdvisoryLock.sharedKeys.key))"),
                                           logger: PostgresConnector.silentLogger)
                let shared = try await Self.sharedFiles(on: connection)
                let opened: Opened
                do {
                    try Self.copy(shared, missingFrom: directory, files: files)
                    opened = try await opening()
                } catch {
                    return .failure(error)
                }
                try await Self.record(files, from: directory, against: shared, on: connection, location: location)
                return .success(opened)
            }
        }
        return try outcome.get()
    }

    private static func sharedFiles(on connection: PostgresConnection) async throws -> [String: String] {
        var shared: [String: String] = [:]
        let rows = try await connection.query("SELECT path, contents FROM kiosk_secrets", logger: PostgresConnector.silentLogger)
        for try await (path, contents) in rows.decode((String, String).self) {
            shared[path] = contents
        }
        return shared
    }

    /// Writes the store's files the directory lacks: a loose file alone, a folder only when the
    /// directory has none of it and the store all of it.
    private static func copy(_ shared: [String: String], missingFrom directory: DataDirectory, files: [File]) throws {
        try directory.create()
        for file in files where file.folder == nil {
            let url = directory.url.appendingPathComponent(file.path)
            guard let contents = shared[file.path], try OwnerOnlyFiles.readIfPresent(url) == nil else { continue }
            try OwnerOnlyFiles.write(Data(contents.utf8), to: url)
        }
        let folders = Dictionary(grouping: files.filter { $0.folder != nil }) { $0.folder ?? "" }
        for (folder, members) in folders.sorted(by: { $0.key < $1.key }) {
            let url = directory.url.appendingPathComponent(folder)
            let contents = members.compactMap { member in
                shared[member.path].map { (name: String(member.path.dropFirst(folder.count + 1)), contents: Data($0.utf8)) }
            }
            guard contents.count == members.count, !FileManager.default.fileExists(atPath: url.path) else { continue }
            try OwnerOnlyFiles.writeFolder(contents, to: url)
        }
    }

    /// Records the directory's files the store lacks and refuses a directory whose files differ
    /// from the store's.
    private static func record(_ files: [File], from directory: DataDirectory, against shared: [String: String],
                               on connection: PostgresConnection, location: PostgresLocation) async throws {
        for file in files {
            let url = directory.url.appendingPathComponent(file.path)
            guard let data = try OwnerOnlyFiles.readIfPresent(url) else { continue }
            let local = String(decoding: data, as: UTF8.self)
            if let kept = shared[file.path] {
                guard file.renewable || kept == local else {
                    throw PostgresStoreFailure(.otherStoresKeys, """
                        \(url.path) is not the key the servers of \(location.summary) share: this data directory \
                        belongs to another store. Start this server with a data directory of its own for this store \
                        (a new one is given the store's keys)
                        """)
                }
            } else {
                try await connection.query("INSERT INTO kiosk_secrets(path, contents) VALUES (\(file.path), \(local))",
                                           logger: PostgresConnector.silentLogger)
            }
        }
    }
}
