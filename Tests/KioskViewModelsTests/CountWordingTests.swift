import Testing
@testable import KioskViewModels

@Suite struct CountWordingTests {
    @Test func aCountAgreesWithItsNoun() {
        #expect(CountWording.of(1, "attempt") == "1 attempt")
        #expect(CountWording.of(0, "attempt") == "0 attempts")
        #expect(CountWording.of(2, "invoice") == "2 invoices")
        #expect(CountWording.of(3, "entry", plural: "entries") == "3 entries")
        #expect(CountWording.of(1, "entry", plural: "entries") == "1 entry")
    }
}
