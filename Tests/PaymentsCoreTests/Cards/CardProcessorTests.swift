import Foundation
@testable import PaymentsCore
import Testing

/// The merchant vaults and charges cards only through its `CardProcessor` (the sandbox's
/// simulated one is tested in SimulatorsTests).
@Suite struct CardProcessorTests {
    /// A processor that refuses everything, to show whose answer a purchase follows.
    struct RefusingProcessor: CardProcessor {
        static let refusal = DeclineReason(code: "processor_refused", message: "The processor refused this charge.")
        func vault(_ details: CardDetails, at now: Date) throws(CardVaultRefusal) -> VaultedCard {
            throw .declined(Self.refusal)
        }
        func charge(_ card: ProcessorCard, amount: Money, at now: Date, offSession: Bool,
                    authenticated: Bool) -> CardChargeAnswer { .declined(Self.refusal) }
        func aftermath(ofChargeOn card: ProcessorCard) -> ChargeAftermath? { nil }
        func refundFails(on card: ProcessorCard) -> Bool { false }
    }

    @Test func aPurchaseFollowsTheCardProcessorsAnswer() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-processor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: CoreFixture.catalog,
                                               clock: ManualClock(CoreFixture.start), cardProcessor: RefusingProcessor())
        let ada = try await service.createAccount(NewAccount(email: "ada@example.com", name: "Ada"))
        _ = try await service.addPaymentMethod(accountID: ada.id, NewPaymentMethod(
            token: "tok_ada", brand: "visa", last4: "4242", expMonth: 12, expYear: 2035, behaviour: .succeeds))
        let outcome = try await service.purchase(PurchaseRequest(accountID: ada.id, productID: "points.500"))
        guard case let .declined(reason, invoice) = outcome else {
            Issue.record("charged despite the processor: \(outcome)")
            return
        }
        #expect(reason == RefusingProcessor.refusal)
        #expect(invoice.status == .void)
        #expect(try await service.account(ada.id).pointsBalance == 0)
    }

    @Test func aCardIsSavedOnlyWhenTheProcessorsVaultTakesIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-processor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: CoreFixture.catalog,
                                               clock: ManualClock(CoreFixture.start), cardProcessor: RefusingProcessor())
        let ada = try await service.createAccount(NewAccount(email: "ada@example.com", name: "Ada"))
        await #expect(throws: PaymentsError.cardDeclined(RefusingProcessor.refusal)) {
            try await service.addCard(accountID: ada.id, card: CardDetails(
                number: "4242424242424242", expiryMonth: 12, expiryYear: 2035, cvc: "123"), makeDefault: true)
        }
        #expect(try await service.paymentMethods(accountID: ada.id).isEmpty)
    }
}
