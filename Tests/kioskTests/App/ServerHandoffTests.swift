import Foundation
import Testing

/// `kiosk` is the terminal without the server stack; it lists `serve` and `accounts` and hands
/// them (and `run --server`, `--database`) to `kiosk-server` beside it, with the same arguments.
@Suite struct ServerHandoffTests {
    @Test func theTerminalListsTheServersCommandsAndHandsThemOver() throws {
        let help = try KioskProcess.run(["--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("serve") && help.stdout.contains("runs kiosk-server"), "\(help.stdout)")
        // The whole command's help comes from kiosk-server: the stand-in has no options.
        let serve = try KioskProcess.run(["serve", "--help"])
        #expect(serve.status == 0, "\(serve.stderr)")
        #expect(serve.stdout.contains("--ssh-port"), "\(serve.stdout)")
        let data = KioskProcess.temporaryDirectory("handoff")
        _ = try KioskProcess.run(["store", "reset", "--data-dir", data.path])
        let created = try KioskProcess.run(["accounts", "create", "--data-dir", data.path, "--email", "ada@example.com",
                                            "--name", "Ada", "--json"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains(#""api_key":"kiosk_sk_"#), "\(created.stdout)")
    }

    @Test func aTerminalWithoutKioskServerBesideItSaysWhereItLooked() throws {
        let alone = KioskProcess.binaryURL.deletingLastPathComponent()
            .appendingPathComponent("handoff-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: alone) }
        let kiosk = alone.appendingPathComponent("kiosk")
        try FileManager.default.linkItem(at: KioskProcess.binaryURL, to: kiosk)
        let process = Process()
        process.executableURL = kiosk
        process.arguments = ["accounts", "create", "--name", "Ada", "--email", "ada@example.com"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 69)
        #expect(message.contains("kiosk: this command runs in kiosk-server"), "\(message)")
        #expect(message.contains(alone.appendingPathComponent("kiosk-server").path), "\(message)")
    }
}
