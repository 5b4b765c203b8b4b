import Foundation
import KioskPostgres
import KioskPostgresStore
import PaymentsCore
import Testing
import TestSupport

/// Servers of one store on different machines (here: different data directories) hold the same
/// keys: the first records its own, a new directory is given the store's, and a directory whose
/// keys differ is refused with nothing changed on either side.
@Suite(.enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresSharedSecretsTests {
    static let files = [PostgresSharedSecrets.File("card.key"), PostgresSharedSecrets.File("chain/root.pem"),
                        PostgresSharedSecrets.File("chain/leaf.pem", renewable: true)]

    @Test func aNewDataDirectoryIsGivenTheKeysTheFirstServerRecorded() async throws {
        try await withStore { location, secrets in
            let (first, second) = (Self.directory(), Self.directory())
            try await secrets.share(with: first) { try Self.makeMissingKeys(in: first) }
            let seen = try await secrets.share(with: second) {
                try Self.files.map { try Self.contents($0.path, in: second) }
            }
            #expect(seen == (try Self.files.map { try Self.contents($0.path, in: first) }), "opening saw the store's keys")
            for file in Self.files {
                #expect(try Self.mode(file.path, in: second) == 0o600, "\(file.path) is owner-only")
            }
            #expect(try Self.mode("chain", in: second) == 0o700)
            #expect(try await TestCluster.strings("SELECT path FROM kiosk_secrets ORDER BY path", at: location)
                == ["card.key", "chain/leaf.pem", "chain/root.pem"])
        }
    }

    @Test func aDirectoryHoldingAnotherStoresKeyIsRefusedAndNothingChanges() async throws {
        try await withStore { location, secrets in
            let (first, stranger) = (Self.directory(), Self.directory())
            try await secrets.share(with: first) { try Self.makeMissingKeys(in: first) }
            try Self.makeMissingKeys(in: stranger)
            let error = await #expect(throws: PostgresStoreFailure.self) {
                try await secrets.share(with: stranger) {}
            }
            #expect(error?.kind == .otherStoresKeys)
            #expect(error?.exitCode == 78)
            #expect(error?.message.contains(stranger.url.appendingPathComponent("card.key").path) == true, "\(String(describing: error))")
            #expect(try await TestCluster.strings("SELECT contents FROM kiosk_secrets WHERE path = 'card.key'", at: location)
                == [try Self.contents("card.key", in: first)])
            #expect(try Self.contents("card.key", in: stranger) != (try Self.contents("card.key", in: first)))
        }
    }

    @Test func aServerMayRenewItsOwnLeaf() async throws {
        try await withStore { location, secrets in
            let (first, second) = (Self.directory(), Self.directory())
            try await secrets.share(with: first) { try Self.makeMissingKeys(in: first) }
            try await secrets.share(with: second) {
                try OwnerOnlyFiles.write(Data("renewed leaf".utf8), to: second.url.appendingPathComponent("chain/leaf.pem"))
            }
            try await secrets.share(with: first) {}
            #expect(try Self.contents("chain/leaf.pem", in: second) == "renewed leaf")
        }
    }

    /// Without the store's lock both would make keys of their own and one would be refused.
    @Test func serversStartingTogetherAgreeOnOneSetOfKeys() async throws {
        try await withStore { location, secrets in
            let directories = (0..<4).map { _ in Self.directory() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for directory in directories {
                    group.addTask { try await secrets.share(with: directory) { try Self.makeMissingKeys(in: directory) } }
                }
                try await group.waitForAll()
            }
            let keys = try directories.map { try Self.contents("card.key", in: $0) }
            #expect(Set(keys).count == 1, "\(keys)")
        }
    }

    /// A new migrated store and its shared keys.
    private func withStore(_ body: (PostgresLocation, PostgresSharedSecrets) async throws -> Void) async throws {
        try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location).migrate()
            try await body(location, PostgresSharedSecrets(location: location, files: Self.files))
        }
    }

    /// What a first server does: a key of its own for each file it lacks.
    private static func makeMissingKeys(in directory: DataDirectory) throws {
        try directory.create()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("chain"), withIntermediateDirectories: true)
        for file in files where try OwnerOnlyFiles.readIfPresent(directory.url.appendingPathComponent(file.path)) == nil {
            try OwnerOnlyFiles.write(Data(UUID().uuidString.utf8), to: directory.url.appendingPathComponent(file.path))
        }
    }

    private static func directory() -> DataDirectory {
        DataDirectory(url: ScratchDirectories.make("kiosk-secrets"))
    }

    private static func contents(_ path: String, in directory: DataDirectory) throws -> String {
        try String(contentsOf: directory.url.appendingPathComponent(path), encoding: .utf8)
    }

    private static func mode(_ path: String, in directory: DataDirectory) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.url.appendingPathComponent(path).path)
        return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
    }
}
