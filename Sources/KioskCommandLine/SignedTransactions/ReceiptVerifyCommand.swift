import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk receipt verify FILE`: checks a signed transaction against the roots in the data directory
/// (the App Store's and the merchant's) and says which one signed it.
/// `FILE` may be `-` for standard input, so `kiosk receipt list | head -1 | kiosk receipt verify -` works.
///
/// Exit status: 0 verified, 1 unverified or nothing to verify against, 64 usage error.
struct ReceiptVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a signed transaction (compact JWS) and print its payload.",
        discussion: """
            Prints the verified transaction as JSON (and on standard error who signed it: the App Store \
            or the merchant) and exits 0, or prints "unverified: <reason>" \
            (followed by the payload when it could be decoded) and exits 1.
            """
    )

    @Argument(help: "File holding the compact JWS, or - for standard input; surrounding whitespace is ignored.")
    var file: String

    @OptionGroup var dataDirectory: DataDirectoryOptions

    /// A JWS is a few kilobytes; anything far larger on stdin is not one.
    static let maximumInputBytes = 1 << 20

    func run() async throws {
        let data: Data
        let name = file == "-" ? "standard input" : file
        if file == "-" {
            let input = FileHandle.standardInput.readData(ofLength: Self.maximumInputBytes + 1)
            guard input.count <= Self.maximumInputBytes else {
                Self.printError("standard input is larger than \(Self.maximumInputBytes) bytes: not a signed transaction")
                throw ExitCode.failure
            }
            data = input
        } else {
            guard FileManager.default.fileExists(atPath: file) else {
                Self.printError("\(file): no such file")
                throw ExitCode.failure
            }
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                Self.printError("cannot read \(file): \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            Self.printError("\(name) is not UTF-8 text")
            throw ExitCode.failure
        }
        let jws = text.trimmingCharacters(in: .whitespacesAndNewlines)

        let directory = dataDirectory.directory.url
        var verifiers: [(party: SigningParty, verifier: TransactionVerifier)] = []
        var missing: [String] = []
        for party in SigningParty.allCases {
            do {
                let root = try TransactionSigningAuthority.loadTrustedRoot(party, dataDirectory: directory)
                verifiers.append((party, TransactionVerifier(trustedRoot: root)))
            } catch TransactionSigningAuthorityError.noAuthority {
                missing.append(party.folderName)
            } catch {
                Self.printError("\(error)")
                throw ExitCode.failure
            }
        }
        guard !verifiers.isEmpty else {
            Self.printError("no transaction signing authority in \(directory.path) (looked for \(missing.joined(separator: "/ and "))/)")
            throw ExitCode.failure
        }

        // Each party's root alone first, so the answer says who signed it.
        for (party, verifier) in verifiers {
            if case .verified(let payload) = await verifier.verify(jws, at: Date()) {
                print(try Self.render(payload))
                FileHandle.standardError.write(Data("signed by \(party.displayName) (\(party.folderName)/root-ca.pem)\n".utf8))
                return
            }
        }
        switch await TransactionVerifier(trustedRoots: verifiers.flatMap(\.verifier.trustedRoots)).verify(jws, at: Date()) {
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
