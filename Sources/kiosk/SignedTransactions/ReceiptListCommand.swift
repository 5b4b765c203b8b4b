import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk receipt list`: every transaction's signed JWS, one per line, for scripts and verifiers.
///
/// Exit status: 0 listed (possibly nothing), 1 unknown account or store failure, 64 usage error.
struct ReceiptListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print every transaction's signed JWS, one per line (oldest first).",
        discussion: """
            Transactions not signed yet are signed now. With --json each line is a JSON object with \
            accountId, transactionId, productId and jws.
            """
    )

    @OptionGroup var store: StoreOptions
    @Option(name: .customLong("account"), help: "Only this account's transactions.") var accountID: String?
    @Flag(name: .customLong("json"), help: "One JSON object per line instead of the bare JWS.") var json = false

    func run() async throws {
        let (service, _, _) = try await store.openUpToDate()
        try await Terminal.reportingFailures {
            let listing = try await service.allTransactions(accountID: accountID)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for entry in listing {
                if json {
                    let line = Line(accountId: entry.accountID, transactionId: entry.transaction.payload.transactionId,
                                    productId: entry.transaction.payload.productId, jws: try entry.transaction.jws)
                    print(String(decoding: try encoder.encode(line), as: UTF8.self))
                } else {
                    print(try entry.transaction.jws)
                }
            }
        }
    }

    /// One `--json` line.
    private struct Line: Encodable {
        var accountId: String
        var transactionId: String
        var productId: String
        var jws: String
    }
}
