import Foundation
import PaymentsCore
@testable import Simulators
import Testing

/// The sandbox's card processor answers as Stripe test mode does: the vault saves or refuses a
/// test card, and charges on the saved card pay, decline or ask for 3-D Secure.
struct SimulatedCardProcessorTests {
    private let amount = Money(minorUnits: 1_999, currency: .usd)

    @Test func theVaultKeepsOnlyWhatAReceiptShowsAndNamesTheCardsBehaviour() throws {
        let vaulted = try CardsTestSupport.processor().vault(
            CardDetails(number: "4000 0000 0000 0341", expiryMonth: 8, expiryYear: 2031, cvc: "123"),
            at: CardsTestSupport.today())
        #expect(vaulted.id.hasPrefix("tok_") && vaulted.id.count == 28)
        #expect(vaulted.brand == .visa)
        #expect(vaulted.last4 == "0341")
        #expect(vaulted.fingerprint.count == 16)
        #expect(vaulted.card == ProcessorCard(behaviour: .declines(DeclineCode.genericDecline.reason), expMonth: 8, expYear: 2031))
        let text = String(describing: vaulted) + String(reflecting: vaulted)
        #expect(!text.contains("4000000000000341") && !text.contains("4000 0000 0000 0341"))
    }

    @Test func theVaultRefusesWhatTheIssuerDeclinesOnAttachAndReportsEveryBadField() throws {
        #expect(throws: CardVaultRefusal.declined(DeclineCode.insufficientFunds.reason)) {
            try CardsTestSupport.processor().vault(CardsTestSupport.details("4000000000009995"), at: CardsTestSupport.today())
        }
        let typo = CardDetails(number: "4242424242424241", expiryMonth: 13, expiryYear: 2030, cvc: "1")
        #expect(throws: CardVaultRefusal.invalid(CardValidator.validate(typo, now: try CardsTestSupport.today()))) {
            try CardsTestSupport.processor().vault(typo, at: CardsTestSupport.today())
        }
    }

    @Test func oneCardNumberHasOneFingerprintUnderOneKeyAndTokenIDsComeFromTheGivenRandomness() throws {
        let today = try CardsTestSupport.today()
        let first = try CardsTestSupport.processor(seed: 5).vault(CardsTestSupport.details("4242424242424242"), at: today)
        let spaced = try CardsTestSupport.processor(seed: 6).vault(
            CardDetails(number: "4242 4242 4242 4242", expiryMonth: 1, expiryYear: 2032, cvc: "999"), at: today)
        let other = try CardsTestSupport.processor(seed: 5).vault(CardsTestSupport.details("5555555555554444"), at: today)
        #expect(first.fingerprint == spaced.fingerprint)
        #expect(first.fingerprint != other.fingerprint)
        #expect(first.id != spaced.id)
        #expect(try CardsTestSupport.processor(seed: 5).vault(CardsTestSupport.details("4242424242424242"), at: today).id == first.id)
        let elsewhere = SimulatedCardProcessor(fingerprintKey: CardFingerprintKey(key0: 1, key1: 2))
        #expect(try elsewhere.vault(CardsTestSupport.details("4242424242424242"), at: today).fingerprint != first.fingerprint)
    }

    @Test func chargesAnswerAsStripeTestMode() {
        let processor = CardsTestSupport.processor()
        let now = Date(timeIntervalSince1970: 1_767_225_600)  // 1 January 2026
        func card(_ behaviour: ChargeBehaviour, expYear: Int = 2030) -> ProcessorCard {
            ProcessorCard(behaviour: behaviour, expMonth: 12, expYear: expYear)
        }
        func charge(_ card: ProcessorCard, offSession: Bool = false, authenticated: Bool = false) -> CardChargeAnswer {
            processor.charge(card, amount: amount, at: now, offSession: offSession, authenticated: authenticated)
        }
        #expect(charge(card(.succeeds)) == .paid)
        #expect(charge(card(.succeeds, expYear: 2025)) == .declined(DeclineCode.expiredCard.reason))
        let insufficient = DeclineCode.insufficientFunds.reason
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

    @Test func threeDSecureCardsChallengeOnSessionAndRenewOnlyWhenSetUp() throws {
        #expect(try CardsTestSupport.payment("4000002500003155") == .needsAuthentication)
        #expect(try CardsTestSupport.payment("4000002500003155", authenticated: true) == .paid)
        #expect(try CardsTestSupport.payment("4000002500003155", offSession: true) == .paid)
        #expect(try CardsTestSupport.payment("4000002760003184") == .needsAuthentication)
        #expect(try CardsTestSupport.payment("4000002760003184", authenticated: true) == .paid)
        guard case let .declined(reason) = try CardsTestSupport.payment("4000002760003184", offSession: true) else {
            Issue.record("an always-3DS card renewed off-session")
            return
        }
        #expect(reason.code == DeclineCode.authenticationRequired.stripeCode)
    }

    @Test func aPassedChallengeCannotRescueADeclinedCard() throws {
        #expect(try CardsTestSupport.payment("4000000000009995", authenticated: true)
            == .declined(DeclineCode.insufficientFunds.reason))
        #expect(try CardsTestSupport.payment("4000008260003178", authenticated: true)
            == .declined(DeclineCode.insufficientFunds.reason))
    }

    @Test(arguments: [false, true])
    func attachesButChargesFailCardIsSavedAndThenDeclinesFirstPaymentsAndRenewals(offSession: Bool) throws {
        #expect(try CardsTestSupport.payment("4000000000000341", offSession: offSession)
            == .declined(DeclineCode.genericDecline.reason))
    }
}

/// The processor's fingerprint key lives in the data directory, not in the merchant's tables.
struct CardFingerprintKeyFileTests {
    private func scratch() -> DataDirectory {
        DataDirectory(url: FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-cards-\(UUID().uuidString)"))
    }

    @Test func theKeyIsMadeOnceOwnerOnlyAndKeptForTheNextProcess() throws {
        let directory = scratch()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let file = CardFingerprintKeyFile(directory)
        let first = try file.loadOrCreate(using: RandomSource(SeededGenerator(seed: 1)))
        let again = try file.loadOrCreate(using: RandomSource(SeededGenerator(seed: 2)))
        #expect(first == again)
        let mode = try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let today = try CardsTestSupport.today()
        let card = CardsTestSupport.details("4242424242424242")
        #expect(try SimulatedCardProcessor(directory: directory).vault(card, at: today).fingerprint
            == SimulatedCardProcessor(directory: directory).vault(card, at: today).fingerprint)
    }

    @Test func aDamagedKeyFileIsRefusedWithItsPathRatherThanReplaced() throws {
        let directory = scratch()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        try directory.create()
        let file = CardFingerprintKeyFile(directory)
        try OwnerOnlyFiles.write(Data("not a key\n".utf8), to: file.url)
        #expect {
            try file.loadOrCreate(using: RandomSource(SeededGenerator(seed: 1)))
        } throws: { error in
            "\(error)".contains(file.url.path) && "\(error)".contains("card fingerprint key")
        }
        #expect(try String(contentsOf: file.url, encoding: .utf8) == "not a key\n")
    }

    @Test func aKeyFileOthersCanReadIsMadeOwnerOnlyWhenLoaded() throws {
        let directory = scratch()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let file = CardFingerprintKeyFile(directory)
        let key = try file.loadOrCreate(using: RandomSource(SeededGenerator(seed: 1)))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.url.path)
        #expect(try file.loadOrCreate(using: RandomSource(SeededGenerator(seed: 2))) == key)
        #expect(try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int == 0o600)
    }
}
