import Testing
@testable import PaymentsCore

/// The rounding rules catalog prices rely on (per-month equivalents, percentage discounts).
@Suite struct MoneyProrationTests {
    private func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: .usd) }

    @Test func proratedRoundsTowardZero() {
        #expect(usd(9999).prorated(numerator: 1, denominator: 12) == usd(833))
        #expect(usd(-9999).prorated(numerator: 1, denominator: 12) == usd(-833))
        #expect(usd(9999).prorated(numerator: -1, denominator: 12) == usd(-833))
        #expect(usd(9999).prorated(numerator: 1, denominator: -12) == usd(-833))
        #expect(usd(-9999).prorated(numerator: -1, denominator: 12) == usd(833))
        #expect(usd(2).prorated(numerator: 2, denominator: 3) == usd(1))
        #expect(usd(999).prorated(numerator: 0, denominator: 30) == usd(0))
    }

    @Test func zeroDenominatorIsZeroRatherThanATrap() {
        #expect(usd(999).prorated(numerator: 1, denominator: 0) == usd(0))
    }

    @Test func intermediateProductUses128Bits() {
        // 9_223_372_036_854_775_807 × 2_592_000 overflows 64 bits; the quotient does not.
        let big = usd(Int64.max)
        #expect(big.prorated(numerator: 2_592_000, denominator: 2_592_000) == big)
        #expect(big.prorated(numerator: Int64.max, denominator: Int64.max) == big)
        #expect(big.prorated(numerator: Int64.max - 1, denominator: Int64.max) == usd(Int64.max - 1))
        #expect(usd(Int64.min + 1).prorated(numerator: 1_000_000, denominator: 3_000_000) == usd((Int64.min + 1) / 3))
    }

    @Test func resultsAboveInt64ClampInsteadOfWrapping() {
        #expect(usd(Int64.max).prorated(numerator: 2, denominator: 1) == usd(Int64.max))
    }

    /// docs/money.md: every percentage rounds half-up (away from zero) to the minor unit.
    @Test func percentageRoundsHalfUpToTheMinorUnit() {
        #expect(usd(999).percentage(20) == usd(200))       // 199.8
        #expect(usd(10).percentage(33) == usd(3))          // 3.3
        #expect(usd(-10).percentage(33) == usd(-3))
        #expect(usd(999).percentage(100) == usd(999))
        #expect(Money(minorUnits: 1500, currency: .jpy).percentage(15) == Money(minorUnits: 225, currency: .jpy))
        // At and around the half-cent.
        #expect(usd(1).percentage(50) == usd(1))           // 0.50 → up
        #expect(usd(1).percentage(49) == usd(0))           // 0.49 → down
        #expect(usd(1).percentage(51) == usd(1))           // 0.51 → up
        #expect(usd(5).percentage(10) == usd(1))           // 0.50 → up
        #expect(usd(25).percentage(10) == usd(3))          // 2.50 → up
        #expect(usd(249).percentage(10) == usd(25))        // 24.90 → up
        #expect(usd(245).percentage(10) == usd(25))        // 24.50 → up (not banker's 24)
        #expect(usd(244).percentage(10) == usd(24))        // 24.40 → down
        #expect(usd(-5).percentage(10) == usd(-1))         // half away from zero
        #expect(usd(Int64.max).percentage(100) == usd(Int64.max))
    }
}
