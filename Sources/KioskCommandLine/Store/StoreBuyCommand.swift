import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk store buy PRODUCT --account ID`: a purchase billed to the customer's store account, as StoreKit
/// testing's `buyProduct` makes one. The store's controls and armed faults apply (ask-to-buy and
/// interrupted purchases leave it pending, `--fail purchase:…` fails it), and the signed transaction is
/// printed, so a script can feed it to any verifier.
///
/// Every run buys under an idempotency key, printed on standard error first: when a run fails
/// after the sale may have been recorded (a full disk), running it again with
/// `--idempotency-key KEY` finishes that sale instead of buying a second time.
///
/// Exit status: 0 purchased (the JWS on stdout), 1 refused, failed, pending or cancelled, 64 usage error.
struct StoreBuyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy",
        abstract: "Buy a product on a customer's store account and print the signed transaction (JWS).",
        discussion: """
            With --json prints {"status": "purchased", "transactionId", "productId", "jws"}; a purchase \
            waiting for ask-to-buy approval or an interrupted-purchase resolution prints status "pending" \
            and the pending action's id (see kiosk store pending) and exits 1.
            """
    )

    @OptionGroup var store: StoreOptions
    @Argument(help: "The product id, as in the catalog.") var productID: String
    @Option(name: .customLong("account"), help: "The customer's account id.") var accountID: String
    @Option(name: .customLong("offer-code"), help: "An offer code to redeem.") var offerCode: String?
    @Option(name: .customLong("app-account-token"), help: "StoreKit's appAccountToken (a UUID), echoed in the transaction.")
    var appAccountToken: String?
    @Flag(name: .customLong("json"), help: "Print a JSON object instead of the bare JWS.") var json = false
    @Option(name: .customLong("idempotency-key"),
            help: "Retry an earlier run's purchase (the key it printed) instead of buying again.")
    var idempotencyKey: String?

    func validate() throws {
        if let idempotencyKey, idempotencyKey.isEmpty || idempotencyKey.count > 255
            || idempotencyKey.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--idempotency-key must be 1 to 255 printable characters, as an earlier run printed it")
        }
        if let appAccountToken, UUID(uuidString: appAccountToken) == nil {
            throw ValidationError("--app-account-token must be a UUID, found '\(appAccountToken)'")
        }
    }

    func run() async throws {
        let key = idempotencyKey ?? "cli-" + UUID().uuidString.lowercased()
        Terminal.error("kiosk store buy: idempotency key \(key)")
        let (service, _, _) = try store.open()
        try await UnbalancedBooks.check(service, directory: store.data.directory.url, refusing: "Nothing was bought.")
        let request = StorePurchaseRequest(accountID: accountID, productID: productID, offerCode: offerCode,
                                           appAccountToken: appAccountToken.flatMap(UUID.init(uuidString:)),
                                           idempotencyKey: key)
        var failed = false
        try await Terminal.reportingFailures(settling: """
            The purchase may have been recorded. Run `kiosk store buy \(productID) --account \(accountID) \
            --idempotency-key \(key)` again once the cause is fixed: it finishes that purchase instead of buying twice.
            """) {
            switch try await store.openAppStore(beside: service).storePurchase(request) {
            case let .success(transaction, _):
                try emit(Outcome(status: "purchased", transactionId: transaction.payload.transactionId,
                                 productId: productID, jws: transaction.jws), plain: transaction.jws)
            case let .pending(action):
                try emit(Outcome(status: "pending", productId: productID, pendingId: action.id),
                         plain: "pending: \(action.kind.rawValue) \(action.id)")
                failed = true
            case .userCancelled:
                try emit(Outcome(status: "cancelled", productId: productID), plain: "cancelled")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    private func emit(_ outcome: Outcome, plain: String) throws {
        guard json else {
            print(plain)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(outcome), as: UTF8.self))
    }

    /// The `--json` object.
    private struct Outcome: Encodable {
        var status: String
        var transactionId: String?
        var productId: String
        var jws: String?
        var pendingId: String?
    }
}
