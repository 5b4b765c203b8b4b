import Foundation
@testable import PaymentsCore
import Testing

/// The merchant charges cards only through its `CardProcessor`; the sandbox's simulated one
/// answers as Stripe test mode does.
@Suite struct CardProcessorTests {
    /// A processor that refuses everything, to show whose answer a purchase follows.
    struct RefusingProcessor: CardProcessor {
        static let refusal = DeclineReason(code: "processor_refused", message: "The processor refused this charge.")
        func charge(_ card: ProcessorCard, amount: Money, at now: Date, offSession: Bool,
                    authenticated: Bool) -> CardChargeAnswer { .declined(Self.refusal) }
        func aftermath(ofChargeOn card: ProcessorCard) -> TestCardAftermath? { nil }
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

    @Test func theSimulatedProcessorAnswersAsStripeTestMode() {
        let processor = SimulatedCardProcessor()
        let now = CoreFixture.start  // January 2026
        let amount = Money(minorUnits: 999, currency: .usd)
        func card(_ behaviour: ChargeBehaviour, expYear: Int = 2030) -> ProcessorCard {
            ProcessorCard(behaviour: behaviour, expMonth: 12, expYear: expYear)
        }
        func charge(_ card: ProcessorCard, offSession: Bool = false, authenticated: Bool = false) -> CardChargeAnswer {
            processor.charge(card, amount: amount, at: now, offSession: offSession, authenticated: authenticated)
        }
        #expect(charge(card(.succeeds)) == .paid)
        #expect(charge(card(.succeeds, expYear: 2025)) == .declined(DeclineReason(code: "expired_card", message: "Your card has expired.")))
        let insufficient = DeclineReason(code: "insufficient_funds", message: "Your card has insufficient funds.")
        #expect(charge(card(.declines(insufficient))) == .declined(insufficient))
        let setUp = card(.requiresAuthentication(offSessionSucceeds: true))
        #expect(charge(setUp) == .needsAuthentication)
        #expect(charge(setUp, authenticated: true) == .paid)
        #expect(charge(setUp, offSession: true) == .paid)
        guard case let .declined(reason) = charge(card(.requiresAuthentication(offSessionSucceeds: false)), offSession: true) else {
            Issue.record("an always-3DS card renewed off-session")
            return
        }
        #expect(reason.code == "authentication_required")
        #expect(charge(card(.requiresAuthenticationThenDeclines(insufficient)), authenticated: true) == .declined(insufficient))

        #expect(processor.aftermath(ofChargeOn: card(.succeedsThen(.disputedAsFraudulent))) == .disputedAsFraudulent)
        #expect(processor.aftermath(ofChargeOn: card(.succeedsThen(.refundFails))) == nil)
        #expect(processor.aftermath(ofChargeOn: card(.succeeds)) == nil)
        #expect(processor.refundFails(on: card(.succeedsThen(.refundFails))))
        #expect(!processor.refundFails(on: card(.succeedsThen(.inquiry))))
    }
}
