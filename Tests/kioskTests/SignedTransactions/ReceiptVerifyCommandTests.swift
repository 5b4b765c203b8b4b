import Foundation
import PaymentsCore
import Testing

@Suite("kiosk receipt verify")
struct ReceiptVerifyCommandTests {
    @Test("the test bundle finds the built kiosk binary")
    func binaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: KioskProcess.binaryURL.path))
    }

    @Test("a genuine receipt prints the verified transaction as sorted JSON with ISO 8601 dates")
    func verifiedReceipt() throws {
        let sandbox = try SignedTransactionsCLISandbox()
        defer { sandbox.remove() }
        let jws = try sandbox.signingAuthority().sign(SignedTransactionsCLISandbox.payload())
        let file = try sandbox.write("\n  \(jws)\n\n", named: "receipt.jws")

        let outcome = try SignedTransactionsCLI.run(
            ["receipt", "verify", file.path, "--data-dir", sandbox.dataDirectory.path],
            environment: sandbox.environment
        )
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "signed by the App Store (transaction-signing/root-ca.pem)\n")
        #expect(outcome.stdout.contains(#""transactionId" : "2000000000000042""#))
        #expect(outcome.stdout.contains(#""purchaseDate" : "2026-01-01T00:00:00.250Z""#))
        #expect(outcome.stdout.contains(#""price" : 1999"#))
        #expect(outcome.stdout.contains(#""type" : "Non-Consumable""#))
        let bundleLine = try #require(outcome.stdout.range(of: "\"bundleId\""))
        let typeLine = try #require(outcome.stdout.range(of: "\"type\""))
        #expect(bundleLine.lowerBound < typeLine.lowerBound)

        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(object?["currency"] as? String == "GBP")
    }

    @Test("the data directory comes from KIOSK_DATA_DIR, then XDG_DATA_HOME/kiosk, when --data-dir is absent")
    func dataDirectoryFromEnvironment() throws {
        let sandbox = try SignedTransactionsCLISandbox()
        defer { sandbox.remove() }
        let jws = try sandbox.signingAuthority().sign(SignedTransactionsCLISandbox.payload())
        let file = try sandbox.write(jws, named: "receipt.jws")

        var kioskEnvironment = sandbox.environment
        kioskEnvironment["KIOSK_DATA_DIR"] = sandbox.dataDirectory.path
        #expect(try SignedTransactionsCLI.run(["receipt", "verify", file.path], environment: kioskEnvironment).status == 0)

        let xdg = sandbox.root.appendingPathComponent("xdg", isDirectory: true)
        let xdgKiosk = xdg.appendingPathComponent("kiosk", isDirectory: true)
        let xdgJWS = try sandbox.signingAuthority(in: xdgKiosk, seed: 3).sign(SignedTransactionsCLISandbox.payload())
        let xdgFile = try sandbox.write(xdgJWS, named: "xdg.jws")
        var xdgEnvironment = sandbox.environment
        xdgEnvironment["XDG_DATA_HOME"] = xdg.path
        #expect(try SignedTransactionsCLI.run(["receipt", "verify", xdgFile.path], environment: xdgEnvironment).status == 0)

        let homeDefault = sandbox.home.appendingPathComponent(".local/share/kiosk", isDirectory: true)
        let homeJWS = try sandbox.signingAuthority(in: homeDefault, seed: 4).sign(SignedTransactionsCLISandbox.payload())
        let homeFile = try sandbox.write(homeJWS, named: "home.jws")
        #expect(try SignedTransactionsCLI.run(["receipt", "verify", homeFile.path], environment: sandbox.environment).status == 0)
        // The XDG receipt does not verify against the home directory's root.
        #expect(try SignedTransactionsCLI.run(["receipt", "verify", xdgFile.path], environment: sandbox.environment).status == 1)
    }

    @Test("a tampered receipt is reported as unverified and exits 1")
    func tamperedReceipt() throws {
        let sandbox = try SignedTransactionsCLISandbox()
        defer { sandbox.remove() }
        let jws = try sandbox.signingAuthority().sign(SignedTransactionsCLISandbox.payload())
        var segments = jws.split(separator: ".").map(String.init)
        var signature = Array(segments[2])
        signature[10] = signature[10] == "A" ? "B" : "A"
        segments[2] = String(signature)
        let file = try sandbox.write(segments.joined(separator: "."), named: "tampered.jws")

        let outcome = try SignedTransactionsCLI.run(
            ["receipt", "verify", file.path, "--data-dir", sandbox.dataDirectory.path],
            environment: sandbox.environment
        )
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("unverified: invalid signature\n"))
        #expect(outcome.stdout.contains(#""transactionId" : "2000000000000042""#))
    }

    @Test("a receipt from another store's root is an invalid certificate chain")
    func foreignRoot() throws {
        let sandbox = try SignedTransactionsCLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.signingAuthority()
        let otherStore = sandbox.root.appendingPathComponent("other", isDirectory: true)
        let jws = try sandbox.signingAuthority(in: otherStore, seed: 2).sign(SignedTransactionsCLISandbox.payload())
        let file = try sandbox.write(jws, named: "foreign.jws")

        let outcome = try SignedTransactionsCLI.run(
            ["receipt", "verify", file.path, "--data-dir", sandbox.dataDirectory.path],
            environment: sandbox.environment
        )
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("unverified: invalid certificate chain: "))
    }

    @Test("garbage input is unverified with an encoding reason and no payload")
    func garbageInput() throws {
        let sandbox = try SignedTransactionsCLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.signingAuthority()
        let file = try sandbox.write("not-a-jws", named: "garbage.jws")

        let outcome = try SignedTransactionsCLI.run(
            ["receipt", "verify", file.path, "--data-dir", sandbox.dataDirectory.path],
            environment: sandbox.environment
        )
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "unverified: invalid encoding: expected 3 dot-separated segments, found 1\n")
    }

    @Test("a missing file is a clear error with exit status 1")
    func missingFile() throws {
        let sandbox = try SignedTransactionsCLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.signingAuthority()
        let missing = sandbox.root.appendingPathComponent("absent.jws").path

        let outcome = try SignedTransactionsCLI.run(
            ["receipt", "verify", missing, "--data-dir", sandbox.dataDirectory.path],
            environment: sandbox.environment
        )
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "kiosk: \(missing): no such file\n")
    }

    @Test("a data directory without a signing authority is a clear error with exit status 1")
    func noAuthority() throws {
        let sandbox = try SignedTransactionsCLISandbox()
        defer { sandbox.remove() }
        let file = try sandbox.write("a.b.c", named: "receipt.jws")

        let outcome = try SignedTransactionsCLI.run(
            ["receipt", "verify", file.path, "--data-dir", sandbox.dataDirectory.path],
            environment: sandbox.environment
        )
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("no transaction signing authority in \(sandbox.dataDirectory.path)"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.dataDirectory.appendingPathComponent("transaction-signing").path))
    }

    @Test("usage errors exit 64")
    func usageErrors() throws {
        let sandbox = try SignedTransactionsCLISandbox()
        defer { sandbox.remove() }
        let noFile = try SignedTransactionsCLI.run(["receipt", "verify"], environment: sandbox.environment)
        #expect(noFile.status == 64)
        #expect(noFile.stderr.contains("Missing expected argument"))
        let unknownOption = try SignedTransactionsCLI.run(["receipt", "verify", "x", "--sign"], environment: sandbox.environment)
        #expect(unknownOption.status == 64)
    }
}
