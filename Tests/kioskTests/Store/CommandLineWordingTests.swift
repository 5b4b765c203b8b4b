import Foundation
import Testing

/// Issue 41 item 22: the command line's refusals, suggestions, JSON and read-only commands.
@Suite struct CommandLineWordingTests {
    @Test func aMistypedCommandGetsASuggestion() throws {
        let result = try KioskProcess.run(["stauts"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("kiosk: 'stauts' is not a command; did you mean 'status'?"), "\(result.stderr)")
    }

    @Test func helpForAnUnknownCommandIsAUsageError() throws {
        let result = try KioskProcess.run(["help", "nosuch"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("kiosk: no help for 'nosuch'"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let known = try KioskProcess.run(["help", "status"])
        #expect(known.status == 0 && known.stdout.contains("--json"), "\(known.stdout)")
    }

    @Test func theParsersErrorsCarryTheHousePrefix() throws {
        let result = try KioskProcess.run(["status", "--no-such-option"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("kiosk: "), "\(result.stderr)")
        #expect(!result.stderr.contains("Error:"))
    }

    @Test func aNegativeCountIsRefusedForWhatItIs() throws {
        let result = try KioskProcess.run(["seed", "--accounts", "-1"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("kiosk: --accounts must be 1 to 100000"), "\(result.stderr)")
    }

    @Test func readCommandsNeverCreateAStore() throws {
        let missing = KioskProcess.temporaryDirectory("typo").appendingPathComponent("deep/path")
        for arguments in [["status"], ["store", "controls"], ["store", "pending"]] {
            let result = try KioskProcess.run(arguments + ["--data-dir", missing.path])
            #expect(result.status == 66, "\(arguments)")
            #expect(result.stderr.hasPrefix("kiosk: \(missing.path) does not exist"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func anEmptyPendingListSaysSo() throws {
        let directory = KioskProcess.temporaryDirectory("pending-empty")
        #expect(try KioskProcess.run(["store", "reset", "--data-dir", directory.path]).status == 0)
        let result = try KioskProcess.run(["store", "pending", "--data-dir", directory.path])
        #expect(result.status == 0)
        #expect(result.stdout == "No pending actions.\n")
    }

    @Test func storeControlsAsJSON() throws {
        let directory = KioskProcess.temporaryDirectory("controls-json")
        let set = try KioskProcess.run(["store", "controls", "--data-dir", directory.path, "--ask-to-buy", "on",
                                        "--fail", "purchase:network_error:2", "--fail", "restore:network_error"])
        #expect(set.status == 0, "\(set.stderr)")
        let result = try KioskProcess.run(["store", "controls", "--json", "--data-dir", directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["ask_to_buy"] as? Bool == true)
        #expect(object["backend_server_errors"] as? Int == 0)
        let faults = try #require(object["faults"] as? [[String: Any]])
        #expect(faults.count == 2)
        #expect(faults.first?["remaining"] as? Int == 2)
        #expect(faults.last?["remaining"] is NSNull)
    }

    @Test func statusAsJSON() throws {
        let directory = KioskProcess.temporaryDirectory("status-json")
        let seeded = try KioskProcess.run(["seed", "--data-dir", directory.path, "--accounts", "2", "--months", "2",
                                           "--start", "2025-03-01"])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let result = try KioskProcess.run(["status", "--json", "--data-dir", directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["accounts"] as? Int == 2)
        #expect(object["data_directory"] as? String == directory.path)
        let plans = try #require(object["plans"] as? [[String: Any]])
        let pro = try #require(plans.first { $0["name"] as? String == "Pro" })
        let prices = try #require(pro["prices"] as? [[String: Any]])
        #expect(prices.contains { $0["amount_minor"] as? Int == 999 && $0["currency"] as? String == "USD" })
        let account = try #require(object["account"] as? [String: Any])
        let invoices = try #require(account["latest_invoices"] as? [[String: Any]])
        #expect(!invoices.isEmpty && invoices.allSatisfy { $0["amount_minor"] is Int })
    }
}
