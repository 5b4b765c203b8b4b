import Foundation
import Testing

@Suite struct StoreCommandTests {
    @Test func controlsAreScriptableAndPersistPerDataDirectory() throws {
        let directory = KioskProcess.temporaryDirectory("store-controls")
        let set = try KioskProcess.run(["store", "controls", "--data-dir", directory.path, "--ask-to-buy", "on",
                                        "--renewals-fail", "on", "--grace", "off", "--fail", "purchase:network_error:2",
                                        "--fail", "restore:system_error"])
        #expect(set.status == 0, "\(set.stderr)")
        let shown = try KioskProcess.run(["store", "controls", "--data-dir", directory.path])
        #expect(shown.stdout.contains("ask-to-buy: on"))
        #expect(shown.stdout.contains("renewals fail: on"))
        #expect(shown.stdout.contains("grace period: off"))
        #expect(shown.stdout.contains("fault: purchase fails with network_error (2 more)"))
        #expect(shown.stdout.contains("fault: restore fails with system_error (every call)"))
        let cleared = try KioskProcess.run(["store", "controls", "--data-dir", directory.path, "--clear-faults"])
        #expect(!cleared.stdout.contains("fault:"))
        let reset = try KioskProcess.run(["store", "reset", "--data-dir", directory.path])
        #expect(reset.status == 0)
        #expect(try KioskProcess.run(["store", "controls", "--data-dir", directory.path]).stdout.contains("ask-to-buy: off"))
    }

    @Test func badFaultsAndUnconfirmedClearAreUsageErrors() throws {
        let bad = try KioskProcess.run(["store", "controls", "--fail", "purchase:boom"])
        #expect(bad.status == 64 && bad.stderr.contains("expected OPERATION:ERROR[:COUNT]"))
        let clear = try KioskProcess.run(["store", "clear"])
        #expect(clear.status == 64 && clear.stderr.contains("--yes"))
    }

    @Test func snapshotsSaveListRestoreAndReportMissingOnes() throws {
        let directory = KioskProcess.temporaryDirectory("store-snapshots")
        let store = ["--data-dir", directory.path]
        #expect(try KioskProcess.run(["store", "controls", "--ask-to-buy", "on"] + store).status == 0)
        #expect(try KioskProcess.run(["store", "snapshot", "save", "asking"] + store).status == 0)
        #expect(try KioskProcess.run(["store", "reset"] + store).status == 0)
        #expect(try KioskProcess.run(["store", "controls"] + store).stdout.contains("ask-to-buy: off"))
        #expect(try KioskProcess.run(["store", "snapshot", "restore", "asking"] + store).status == 0)
        #expect(try KioskProcess.run(["store", "controls"] + store).stdout.contains("ask-to-buy: on"))
        #expect(try KioskProcess.run(["store", "snapshot", "list"] + store).stdout == "asking\n")
        let missing = try KioskProcess.run(["store", "snapshot", "restore", "nope"] + store)
        #expect(missing.status == 1 && missing.stderr.contains("No snapshot named nope."))
    }
}
