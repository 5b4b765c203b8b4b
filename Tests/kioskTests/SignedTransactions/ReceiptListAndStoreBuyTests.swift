import Foundation
import Testing

@Suite("kiosk receipt list, kiosk store buy, kiosk receipt verify -")
struct ReceiptListAndStoreBuyTests {
    /// A data directory with one seeded month: accounts, card purchases and their transactions.
    private func seededStore(_ name: String) throws -> [String] {
        let directory = KioskProcess.temporaryDirectory(name)
        let seeded = try KioskProcess.run(["seed", "--accounts", "2", "--months", "1", "--seed", "3",
                                           "--data-dir", directory.path])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        return ["--data-dir", directory.path]
    }

    @Test("store buy prints the signed transaction, receipt list includes it, and each line verifies from stdin")
    func buyListVerify() throws {
        let store = try seededStore("receipt-list")
        let bought = try KioskProcess.run(["store", "buy", "points.500", "--account", "acct_000001"] + store)
        #expect(bought.status == 0, "\(bought.stderr)")
        let jws = bought.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(jws.split(separator: ".").count == 3 && !jws.contains("\n"))

        let listed = try KioskProcess.run(["receipt", "list", "--account", "acct_000001"] + store)
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == jws)
        let other = try KioskProcess.run(["store", "buy", "points.500", "--account", "acct_000002"] + store)
        let otherJWS = other.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(other.status == 0 && !lines.contains(otherJWS))
        let everything = try KioskProcess.run(["receipt", "list"] + store).stdout.split(separator: "\n").map(String.init)
        #expect(everything.count == lines.count + 1 && everything.contains(jws) && everything.contains(otherJWS))

        for line in lines {
            let verified = try KioskProcess.run(["receipt", "verify", "-"] + store, standardInput: Data((line + "\n").utf8))
            #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
            #expect(verified.stdout.contains(#""environment" : "Sandbox""#))
            #expect(verified.stdout.contains(#""bundleId" : "dev.kiosk.store""#))
        }
        let bad = try KioskProcess.run(["receipt", "verify", "-"] + store, standardInput: Data("not.a.jws".utf8))
        #expect(bad.status == 1 && bad.stdout.hasPrefix("unverified: "))
    }

    @Test("--json prints one object per line with the account, ids and token")
    func jsonLines() throws {
        let store = try seededStore("receipt-list-json")
        let bought = try KioskProcess.run(["store", "buy", "points.1000", "--account", "acct_000002", "--json"] + store)
        #expect(bought.status == 0, "\(bought.stderr)")
        let purchase = try #require(try JSONSerialization.jsonObject(with: Data(bought.stdout.utf8)) as? [String: Any])
        #expect(purchase["status"] as? String == "purchased" && purchase["productId"] as? String == "points.1000")

        let listed = try KioskProcess.run(["receipt", "list", "--account", "acct_000002", "--json"] + store)
        let objects = try listed.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(!objects.isEmpty && objects.allSatisfy { $0["accountId"] as? String == "acct_000002" })
        #expect(objects.last?["jws"] as? String == purchase["jws"] as? String)
        #expect(objects.last?["transactionId"] as? String == purchase["transactionId"] as? String)
    }

    @Test("store controls apply to store buy: an armed fault fails it, ask-to-buy leaves it pending")
    func controlsApply() throws {
        let store = try seededStore("store-buy-controls")
        #expect(try KioskProcess.run(["store", "controls", "--fail", "purchase:network_error:1"] + store).status == 0)
        let failed = try KioskProcess.run(["store", "buy", "points.500", "--account", "acct_000001"] + store)
        #expect(failed.status == 1 && failed.stdout.isEmpty && failed.stderr.contains("\nkiosk: "))

        #expect(try KioskProcess.run(["store", "controls", "--ask-to-buy", "on"] + store).status == 0)
        let pending = try KioskProcess.run(["store", "buy", "points.500", "--account", "acct_000001", "--json"] + store)
        #expect(pending.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(pending.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "pending" && object["pendingId"] is String)
        let inbox = try KioskProcess.run(["store", "pending"] + store)
        #expect(inbox.stdout.contains(try #require(object["pendingId"] as? String)))
    }

    @Test("unknown accounts are errors, not empty lists")
    func unknownAccount() throws {
        let store = try seededStore("receipt-list-unknown")
        let listed = try KioskProcess.run(["receipt", "list", "--account", "acct_999999"] + store)
        #expect(listed.status == 1 && listed.stderr.contains("acct_999999"))
        let bought = try KioskProcess.run(["store", "buy", "points.500", "--account", "acct_999999"] + store)
        #expect(bought.status == 1 && bought.stderr.contains("acct_999999"))
        // renewal-info printed nothing and exited 0 (issue 41, item 22 walk).
        let renewals = try KioskProcess.run(["receipt", "renewal-info", "--account", "acct_999999"] + store)
        #expect(renewals.status == 1 && renewals.stderr == "kiosk: No account acct_999999.\n", "\(renewals.stderr)")
    }
}
