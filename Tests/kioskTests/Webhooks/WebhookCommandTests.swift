import Foundation
import Testing

@Suite struct WebhookCommandTests {
    typealias CLI = WebhooksCLITestSupport

    private let vectorOptions = ["--secret", CLI.secret, "--id", CLI.id, "--timestamp", CLI.timestamp]

    @Test func binaryIsBuiltNextToTheTestBundle() {
        #expect(FileManager.default.isExecutableFile(atPath: CLI.binaryURL.path))
    }

    @Test func signPrintsTheStandardVectorSignatureForABodyFile() throws {
        let file = try CLI.temporaryFile(CLI.body)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try CLI.run(["webhook", "sign"] + vectorOptions + ["--body-file", file.path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == CLI.signature + "\n")
        #expect(outcome.stderr.isEmpty)
    }

    @Test func signReadsTheBodyFromStandardInput() throws {
        let outcome = try CLI.run(["webhook", "sign"] + vectorOptions, standardInput: CLI.body)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == CLI.signature + "\n")
    }

    @Test func signThenVerifyRoundTripsThroughTheBinary() throws {
        let body = Data(#"{"business_id":"bus","type":"payment.succeeded"}"#.utf8)
        let file = try CLI.temporaryFile(body)
        defer { try? FileManager.default.removeItem(at: file) }
        let options = ["--secret", "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", "--id", "msg_cli", "--timestamp", "1700000000"]
        let signed = try CLI.run(["webhook", "sign"] + options + ["--body-file", file.path])
        #expect(signed.status == 0)
        let signature = signed.stdout.trimmingCharacters(in: .newlines)
        #expect(signature.hasPrefix("v1,"))

        let fromFile = try CLI.run(["webhook", "verify"] + options
            + ["--signature", signature, "--now", "1700000100", "--body-file", file.path])
        #expect(fromFile.status == 0)
        #expect(fromFile.stdout == "valid\n")

        let fromStandardInput = try CLI.run(["webhook", "verify"] + options
            + ["--signature", signature, "--now", "1700000100"], standardInput: body)
        #expect(fromStandardInput.status == 0)
        #expect(fromStandardInput.stdout == "valid\n")
    }

    @Test func verifyAcceptsMultipleSignaturesAndIgnoresUnknownVersions() throws {
        let listed = "v1a,AAAA v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= \(CLI.signature)"
        let outcome = try CLI.run(["webhook", "verify"] + vectorOptions
            + ["--signature", listed, "--now", CLI.timestamp], standardInput: CLI.body)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "valid\n")
    }

    @Test func verifyReportsATamperedBodyAndExits1() throws {
        var body = CLI.body
        body[body.startIndex] = UInt8(ascii: "[")
        let outcome = try CLI.run(["webhook", "verify"] + vectorOptions
            + ["--signature", CLI.signature, "--now", CLI.timestamp], standardInput: body)
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "invalid: no valid signature: no v1 signature matches\n")
    }

    @Test func verifyReportsAStaleTimestampAndExits1() throws {
        let outcome = try CLI.run(["webhook", "verify"] + vectorOptions
            + ["--signature", CLI.signature, "--now", "1614265631"], standardInput: CLI.body)
        #expect(outcome.status == 1)
        #expect(outcome.stdout
            == "invalid: timestamp too old: 1614265330 is 301 s before now 1614265631 (tolerance 300 s)\n")
    }

    @Test func verifyHonoursTheToleranceOption() throws {
        let arguments = ["webhook", "verify"] + vectorOptions + ["--signature", CLI.signature, "--now", "1614265029"]
        let tooNew = try CLI.run(arguments, standardInput: CLI.body)
        #expect(tooNew.status == 1)
        #expect(tooNew.stdout.hasPrefix("invalid: timestamp too new"))
        let widened = try CLI.run(arguments + ["--tolerance", "301"], standardInput: CLI.body)
        #expect(widened.status == 0)
        #expect(widened.stdout == "valid\n")
    }

    @Test func verifyWithoutNowUsesTheWallClockSoAnAncientTimestampFails() throws {
        let outcome = try CLI.run(["webhook", "verify"] + vectorOptions + ["--signature", CLI.signature], standardInput: CLI.body)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("invalid: timestamp too old: 1614265330"))
    }

    @Test func verifyReportsMissingVersion1Signature() throws {
        let outcome = try CLI.run(["webhook", "verify"] + vectorOptions
            + ["--signature", "v2,AAAA", "--now", CLI.timestamp], standardInput: CLI.body)
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "invalid: no v1 signature in webhook-signature header\n")
    }

    @Test(arguments: [
        (["webhook", "sign", "--secret", CLI.secret, "--id", CLI.id], "--timestamp"),
        (["webhook", "sign", "--id", CLI.id, "--timestamp", CLI.timestamp], "--secret"),
        (["webhook", "sign", "--secret", CLI.secret, "--id", CLI.id, "--timestamp", "soon"], "soon"),
        (["webhook", "verify", "--secret", CLI.secret, "--id", CLI.id, "--timestamp", CLI.timestamp,
          "--signature", CLI.signature, "--now", "later"], "later"),
        (["webhook", "verify", "--secret", CLI.secret, "--id", CLI.id, "--timestamp", CLI.timestamp,
          "--signature", CLI.signature, "--tolerance", "five"], "five"),
        (["webhook", "sign", "--secret", "whsec_not*base64", "--id", CLI.id, "--timestamp", CLI.timestamp], "Malformed --secret"),
        (["webhook", "verify", "--secret", "whsec_", "--id", CLI.id, "--timestamp", CLI.timestamp,
          "--signature", CLI.signature], "webhook secret is empty"),
        (["webhook", "sign", "--secret", CLI.secret, "--id", CLI.id, "--timestamp", CLI.timestamp,
          "--body-file", "/nonexistent/kiosk-body.json"],
         "kiosk: --body-file /nonexistent/kiosk-body.json does not exist: give the file holding the delivery's exact body.\n"),
        // Issue 42 item 9: a folder, and a negative tolerance, are told in words.
        (["webhook", "verify", "--secret", CLI.secret, "--id", CLI.id, "--timestamp", CLI.timestamp,
          "--signature", CLI.signature, "--body-file", "/tmp"],
         "kiosk: --body-file /tmp is a folder: give the file holding the delivery's exact body.\n"),
        (["webhook", "verify", "--secret", CLI.secret, "--id", CLI.id, "--timestamp", CLI.timestamp,
          "--signature", CLI.signature, "--tolerance", "-5"],
         "kiosk: --tolerance must be a whole number of seconds from 0 to 4294967295, found '-5'.\n"),
    ])
    func usageErrorsExit64WithAMessageOnStandardError(arguments: [String], message: String) throws {
        let outcome = try CLI.run(arguments, standardInput: CLI.body)
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains(message))
    }

    /// Issue 42 item 9: a body larger than any webhook's is refused, not read whole.
    @Test func aBodyFileLargerThanAnyWebhookIsRefusedUnread() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-huge-body-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()
        let outcome = try CLI.run(["webhook", "verify", "--secret", CLI.secret, "--id", CLI.id, "--timestamp", CLI.timestamp,
                                   "--signature", CLI.signature, "--body-file", file.path])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix(
            "kiosk: --body-file \(file.path) is larger than 16 MiB, more than any webhook body: check that it is the delivery's body.\n"))
    }
}
