import Foundation
import Testing

/// `kiosk run` without a terminal: the headless dump and the usage errors.
@Suite struct RunCommandTests {
    @Test func dumpPrintsTheFirstScreenWithTheTabBar() throws {
        let data = KioskProcess.temporaryDirectory("dump")
        let result = try KioskProcess.run(["run", "--dump", "--data-dir", data.path], environment: ["LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first?.hasPrefix("▸1 Store │ 2 Plans │ 3 Billing │ 4 Settings") == true, "\(result.stdout)")
        #expect(lines.count == 24)
    }

    @Test func aFreshDataDirectoryOpensOnTheStoreWithTheLoginUsersOwnAccount() throws {
        let data = KioskProcess.temporaryDirectory("first-run")
        let environment = ["LANG": "C.UTF-8", "USER": "grace"]
        let first = try KioskProcess.run(["run", "--dump", "--data-dir", data.path], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Enter Subscribe"), "\(first.stdout)")
        #expect(!first.stdout.contains("Sign in"), "\(first.stdout)")
        _ = try KioskProcess.run(["run", "--dump", "--data-dir", data.path], environment: environment)
        let status = try KioskProcess.run(["status", "--data-dir", data.path], environment: environment)
        #expect(status.stdout.contains("grace"), "\(status.stdout)")
        #expect(status.stdout.contains("Accounts: 1, signed in: grace"), "\(status.stdout)")
    }

    @Test func dumpIsTheDefaultCommandsToo() throws {
        let data = KioskProcess.temporaryDirectory("dump-default")
        let result = try KioskProcess.run(["--dump", "--size", "120x40", "--data-dir", data.path],
                                          environment: ["LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count == 40)
        #expect(result.stdout.contains("4 Settings"))
    }

    @Test func dumpUsesASCIIWithoutAUTF8Locale() throws {
        let data = KioskProcess.temporaryDirectory("dump-ascii")
        for locale in [["LANG": "C"], ["LC_ALL": "POSIX"], [:]] {
            let environment = ["PATH": "/usr/bin:/bin", "KIOSK_DATA_DIR": data.path].merging(locale) { $1 }
            let result = try KioskProcess.run(["--dump"], environment: environment, inheritEnvironment: false)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix(">1 Store | 2 Plans"), "\(locale): \(result.stdout)")
            #expect(!result.stdout.contains("┌"), "\(locale)")
        }
    }

    @Test(arguments: [
        ["--color", "purple"], ["--theme", "neon"], ["--dump", "--size", "80"], ["--dump", "--size", "0x24"],
        ["--size", "80x24"], ["--dump", "--exit-after-first-frame"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) throws {
        let result = try KioskProcess.run(["run"] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("kiosk: "), "\(arguments): \(result.stderr)")
    }

    @Test func withoutATerminalItSaysWhatToUseInstead() throws {
        let result = try KioskProcess.run(["--data-dir", KioskProcess.temporaryDirectory("no-tty").path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("needs a terminal"))
    }

    @Test func savedPreferencesApplyAndABrokenFileFallsBackToDefaults() throws {
        let data = KioskProcess.temporaryDirectory("prefs")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let file = data.appendingPathComponent("preferences.json")
        try "{\"theme\": \"neon\"".write(to: file, atomically: true, encoding: .utf8)
        let broken = try KioskProcess.run(["--dump", "--data-dir", data.path])
        #expect(broken.status == 0)
        #expect(broken.stderr.contains("preferences.json is not valid JSON"), "\(broken.stderr)")
        try #"{"theme": "neon", "colourMode": "auto", "reducedMotion": false}"#.write(to: file, atomically: true, encoding: .utf8)
        let unknown = try KioskProcess.run(["--dump", "--data-dir", data.path])
        #expect(unknown.stderr.contains("field 'theme' has an unknown value"), "\(unknown.stderr)")
    }
}
