import Foundation
import Testing
import TestSupport

/// Issue 42 item 3: a store failure after the App Store recorded a sale (the merchant's booking
/// hits a full disk) never reads as "nothing happened": `kiosk store buy` prints the idempotency
/// key of its run first and, on such a failure, how to finish that sale; run again with the key,
/// it books the one sale instead of buying a second.
///
/// The full disk is injected where it bites: a trigger makes the merchant's invoice insert fail
/// with SQLite's "database or disk is full" while the App Store's own tables still take writes.
@Suite struct FullDiskPurchaseTests {
    static let fullDisk = "CREATE TRIGGER full_disk BEFORE INSERT ON invoices BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;"

    private func sqlite(_ database: URL, _ sql: String) throws {
        let outcome = try ChildProcess.run(["sqlite3", database.path, sql], environment: ProcessInfo.processInfo.environment)
        #expect(outcome.status == 0, "sqlite3 \(sql)")
    }

    private func transactions(_ store: [String]) throws -> [String] {
        let listed = try KioskProcess.run(["receipt", "list", "--account", "acct_000001", "--json"] + store)
        return listed.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["transactionId"] as? String
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func aSaleRecordedBeforeTheDiskFilledIsFinishedOnceByItsKey() throws {
        let directory = KioskProcess.temporaryDirectory("full-disk-buy")
        let store = ["--data-dir", directory.path]
        #expect(try KioskProcess.run(["seed", "--accounts", "1", "--months", "1", "--seed", "3"] + store).status == 0)
        let before = try transactions(store)
        try sqlite(directory.appendingPathComponent("kiosk.sqlite"), Self.fullDisk)

        let failed = try KioskProcess.run(["store", "buy", "points.500", "--account", "acct_000001", "--json"] + store)
        #expect(failed.status == 1)
        #expect(failed.stdout.isEmpty)
        let lines = failed.stderr.split(separator: "\n").map(String.init)
        let keyLine = try #require(lines.first)
        #expect(keyLine.hasPrefix("kiosk store buy: idempotency key cli-"))
        let key = String(keyLine.dropFirst("kiosk store buy: idempotency key ".count))
        #expect(lines.dropFirst().first?.hasPrefix("kiosk: The store could not be read or written: ") == true, "\(failed.stderr)")
        #expect(failed.stderr.hasSuffix("""
            The purchase may have been recorded. Run `kiosk store buy points.500 --account acct_000001 \
            --idempotency-key \(key)` again once the cause is fixed: it finishes that purchase instead of buying twice.

            """))

        try sqlite(directory.appendingPathComponent("kiosk.sqlite"), "DROP TRIGGER full_disk;")
        let retried = try KioskProcess.run(["store", "buy", "points.500", "--account", "acct_000001", "--json",
                                            "--idempotency-key", key] + store)
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stderr == "kiosk store buy: idempotency key \(key)\n")
        let again = try KioskProcess.run(["store", "buy", "points.500", "--account", "acct_000001", "--json",
                                          "--idempotency-key", key] + store)
        #expect(again.stdout == retried.stdout)
        let after = try transactions(store)
        #expect(after.count == before.count + 1, "one sale, booked once: \(after)")
        let check = try KioskProcess.run(["store", "check"] + store)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// Over the API: the 500 never says nothing changed, and the same request under the same
    /// key, once the disk has room, answers the one sale.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func theAPIsFailureAnswerIsTrueAndItsKeyFinishesTheSale() async throws {
        let directory = KioskProcess.temporaryDirectory("full-disk-api")
        let server = try ServerProcess(dataDirectory: directory)
        let adminKey = try KioskProcess.run(["serve", "--print-admin-key", "--data-dir", directory.path]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let created = try await DatabaseOutageTests.send("POST", server.url.appendingPathComponent("v1/admin/accounts"),
                                                         key: adminKey, body: #"{"name":"Ann","email":"ann@example.com"}"#)
        let account = try #require(try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any])
        let key = try #require(account["api_key"] as? String)
        try sqlite(directory.appendingPathComponent("kiosk.sqlite"), Self.fullDisk)

        let buy = { try await DatabaseOutageTests.send("POST", server.url.appendingPathComponent("v1/store-purchases"), key: key,
                                                       body: #"{"product_id":"points.500"}"#, headers: ["Idempotency-Key": "full-1"]) }
        let failed = try await buy()
        #expect(failed.status == 500, "\(failed.body)")
        #expect(!failed.body.contains("nothing was changed"))
        #expect(failed.body.contains("part of it may have been recorded. Send it again with the same Idempotency-Key"))

        try sqlite(directory.appendingPathComponent("kiosk.sqlite"), "DROP TRIGGER full_disk;")
        let finished = try await buy()
        #expect(finished.status == 200, "\(finished.body)")
        // The replay names the same sale (its whole body may differ under load: see the notes).
        let replay = try await buy()
        #expect(replay.status == 200, "\(replay.body)")
        #expect(Self.invoiceID(replay.body) != nil && Self.invoiceID(replay.body) == Self.invoiceID(finished.body),
                "\(replay.body) vs \(finished.body)")
        let invoices = try await DatabaseOutageTests.send("GET", server.url.appendingPathComponent("v1/invoices"), key: key)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(invoices.body.utf8)) as? [String: Any])["items"]
            as? [[String: Any]]
        #expect(items?.count == 1, "one sale, booked once: \(invoices.body)")
        #expect(try server.terminate() == 0)
    }

    private static func invoiceID(_ body: String) -> String? {
        let answer = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return (answer?["invoice"] as? [String: Any])?["id"] as? String
    }
}
