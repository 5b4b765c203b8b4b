import Foundation
import Testing

/// Issue 39: `kiosk store check` on a store with overwritten pages runs SQLite's integrity check,
/// names the damage and says what to do, instead of a raw decoding error.
@Suite struct StoreCheckDamageTests {
    @Test func aStoreWithOverwrittenPagesIsNamedDamagedWithWhatToDo() throws {
        let data = KioskProcess.temporaryDirectory("damaged-store")
        let store = ["--data-dir", data.path]
        #expect(try KioskProcess.run(["seed", "--accounts", "3", "--months", "2", "--seed", "1", "--start", "2025-01-01"] + store)
            .status == 0)
        let database = data.appendingPathComponent("kiosk.sqlite")
        let handle = try FileHandle(forUpdating: database)
        let size = try handle.seekToEnd()
        #expect(size > 4 * 4096)
        // Every page after the first two overwritten, as a failing disk or a stray write would.
        try handle.seek(toOffset: 2 * 4096)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: Int(size) - 2 * 4096))
        try handle.close()
        let check = try KioskProcess.run(["store", "check"] + store)
        #expect(check.status == 1)
        #expect(check.stderr.contains("is damaged") && check.stderr.contains(database.path), "\(check.stderr)")
        #expect(check.stderr.contains("kiosk store snapshot restore"), "\(check.stderr)")
        #expect(!check.stderr.contains("DecodingError"))
    }
}
