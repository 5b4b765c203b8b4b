import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk receipt renewal-info`: the App Store's signed renewal info of every subscription, one
/// JWS per line, as `receipt list` prints transactions.
///
/// Exit status: 0 listed (possibly nothing), 1 unknown account or store failure, 64 usage error.
struct ReceiptRenewalInfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "renewal-info",
        abstract: "Print every subscription's signed renewal info (JWSRenewalInfo), one per line.",
        discussion: """
            Signed now, with the store clock's date. With --json each line is a JSON object with \
            accountId, subscriptionId, originalTransactionId and jws.
            """
    )

    @OptionGroup var store: StoreOptions
    @Option(name: .customLong("account"), help: "Only this account's subscriptions.") var accountID: String?
    @Flag(name: .customLong("json"), help: "One JSON object per line instead of the bare JWS.") var json = false

    func run() async throws {
        let (service, _, _) = try await store.openUpToDate()
        let appStore = store.openAppStore(beside: service)
        try await Terminal.reportingFailures {
            // An unknown account is an error, as in `receipt list`, not an empty listing.
            let accounts = if let accountID { [try await service.account(accountID).id] } else { try await service.accounts().map(\.id) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for account in accounts {
                for info in try await appStore.renewalInfo(accountID: account) {
                    guard json else {
                        print(info.jws)
                        continue
                    }
                    let line = Line(accountId: account, subscriptionId: info.subscriptionID,
                                    originalTransactionId: info.payload.originalTransactionId, jws: info.jws)
                    print(String(decoding: try encoder.encode(line), as: UTF8.self))
                }
            }
        }
    }

    /// One `--json` line.
    private struct Line: Encodable {
        var accountId: String
        var subscriptionId: String
        var originalTransactionId: String
        var jws: String
    }
}
