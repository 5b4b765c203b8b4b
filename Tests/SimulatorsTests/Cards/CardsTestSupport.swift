import Foundation
import Testing
import PaymentsCore
@testable import Simulators

/// Fixtures shared by the card tests.
enum CardsTestSupport {
    /// 21 November 2026, 12:00 UTC, the "today" of the card tests (as in PaymentsCoreTests).
    static func today() throws -> Date { Date(timeIntervalSince1970: 1_795_262_400) }

    static let fingerprintKey = CardFingerprintKey(key0: 0x0123_4567_89ab_cdef, key1: 0xfedc_ba98_7654_3210)

    static func details(_ number: String, cvc: String? = nil, month: Int = 12, year: Int = 2030) -> CardDetails {
        let brand = CardBrand.detect(fromPartialNumber: number)
        return CardDetails(number: number, expiryMonth: month, expiryYear: year,
                           cvc: cvc ?? String(repeating: "4", count: brand.cvcLength))
    }

    static func token(_ number: String, seed: UInt64 = 1) throws -> CardToken {
        var generator = SeededGenerator(seed: seed)
        return try CardTokenizer(fingerprintKey: fingerprintKey)
            .tokenize(details(number), now: today(), using: &generator)
    }

    static func processor(seed: UInt64 = 1) -> SimulatedCardProcessor {
        SimulatedCardProcessor(fingerprintKey: fingerprintKey, random: RandomSource(SeededGenerator(seed: seed)))
    }

    static let amount = Money(minorUnits: 999, currency: .usd)

    /// What a payment on the card comes to when a customer saves it and pays with it: the
    /// vault's refusal to save it counts as the decline it is, as on Stripe's testing page.
    static func payment(_ number: String, postalCode: String? = nil, offSession: Bool = false,
                        authenticated: Bool = false) throws -> CardChargeAnswer {
        let typed = details(number)
        let card = CardDetails(number: number, expiry: typed.expiry,
                               cvc: String(repeating: "4", count: typed.brand.cvcLength), postalCode: postalCode)
        let now = try today()
        let vaulted: VaultedCard
        do {
            vaulted = try processor().vault(card, at: now)
        } catch let .declined(reason) {
            return .declined(reason)
        } catch let .invalid(errors) {
            throw errors
        } catch {
            throw error
        }
        return processor().charge(vaulted.card, amount: amount, at: now, offSession: offSession,
                                  authenticated: authenticated)
    }
}
