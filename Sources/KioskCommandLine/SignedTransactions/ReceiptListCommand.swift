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
            Transactions not signed yet are signed now. With --issuer only those signed by the App Store \
            (what the store account paid, checked against transaction-signing/root-ca.pem) or by the \
            merchant (cards and the hosted checkout, merchant-signing/root-ca.pem; card sales recorded \
            before the merchant had a chain keep their App Store signature). With --json each line \
            is a JSON object with accountId, transactionId, productId, issuer and jws.
            """
    )

    @OptionGroup var store: StoreOptions
    @Option(name: .customLong("account"), help: "Only this account's transactions.") var accountID: String?
    @Option(name: .customLong("issuer"), help: "Only transactions signed by this party: app-store or merchant.")
    var issuer: IssuerFilter?
    @Flag(name: .customLong("json"), help: "One JSON object per line instead of the bare JWS.") var json = false

    enum IssuerFilter: String, ExpressibleByArgument, CaseIterable {
        case appStore = "app-store"
        case merchant

        var party: SigningParty {
            switch self {
            case .appStore: .appStore
            case .merchant: .merchant
            }
        }
    }

    func run() async throws {
        let (service, _, _) = try await store.openUpToDate()
        try await Terminal.reportingFailures {
            let listing = try await service.allTransactions(accountID: accountID)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for entry in listing where issuer == nil || entry.issuer == issuer?.party {
                if json {
                    let line = Line(accountId: entry.accountID, transactionId: entry.transaction.payload.transactionId,
                                    productId: entry.transaction.payload.productId, issuer: entry.issuer.rawValue,
                                    jws: try entry.transaction.jws)
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
        var issuer: String
        var jws: String
    }
}
