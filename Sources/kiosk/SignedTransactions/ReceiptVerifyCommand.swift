import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk receipt verify FILE`: checks a signed transaction against the store root in the data directory.
///
/// Exit status: 0 verified, 1 unverified or nothing to verify against, 64 usage error.
struct ReceiptVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a signed transaction (compact JWS) and print its payload.",
        discussion: """
            Prints the verified transaction as JSON and exits 0, or prints "unverified: <reason>" \
            (followed by the payload when it could be decoded) and exits 1.
            """
    )

    @Argument(help: "File holding the compact JWS; surrounding whitespace is ignored.")
    var file: String

    @OptionGroup var dataDirectory: DataDirectoryOptions

    func run() async throws {
        guard FileManager.default.fileExists(atPath: file) else {
            Self.printError("\(file): no such file")
            throw ExitCode.failure
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            Self.printError("cannot read \(file): \(error.localizedDescription)")
            throw ExitCode.failure
        }
        guard let text = String(data: data, encoding: .utf8) else {
            Self.printError("\(file) is not UTF-8 text")
            throw ExitCode.failure
        }
        let jws = text.trimmingCharacters(in: .whitespacesAndNewlines)

        let directory = dataDirectory.directory.url
        let verifier: TransactionVerifier
        do {
            verifier = TransactionVerifier(trustedRoot: try TransactionSigningAuthority.loadTrustedRoot(dataDirectory: directory))
        } catch {
            Self.printError("\(error)")
            throw ExitCode.failure
        }

        switch await verifier.verify(jws, at: Date()) {
        case .verified(let payload):
            print(try Self.render(payload))
        case .unverified(let reason, let payload):
            print("unverified: \(reason)")
            if let payload {
                print(try Self.render(payload))
            }
            throw ExitCode.failure
        }
    }

    private static func render(_ payload: TransactionPayload) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(format))
        }
        return String(decoding: try encoder.encode(payload), as: UTF8.self)
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data("kiosk: \(message)\n".utf8))
    }
}
