import Foundation
import Testing
@testable import PaymentsCore

struct CardValidatorTests {
    private func validate(_ details: CardDetails) throws -> CardValidationErrors {
        CardValidator.validate(details, now: try CardsTestSupport.today())
    }

    @Test func acceptsACompleteCard() throws {
        let details = CardDetails(number: "4242 4242 4242 4242", expiryMonth: 12, expiryYear: 2030, cvc: "123",
                                  cardholderName: "Ada Lovelace", postalCode: "94107")
        #expect(try validate(details).isEmpty)
    }

    @Test(arguments: [
        ("", CardNumberError.incomplete), ("4242", .incomplete), ("4242 4242 4242 424", .incomplete),
        ("42424242424242424", .incomplete), ("37828224631000", .incomplete),
        ("4242 4242 4242 4241", .incorrect), ("4242424242424241", .incorrect), ("5555555555554445", .incorrect),
        ("4242 4242 4242 424x", .invalid), ("4242.4242.4242.4242", .invalid),
        ("42424242424242424242", .invalid), ("3782822463100050", .invalid),
    ])
    func numberProblems(number: String, expected: CardNumberError) throws {
        #expect(try validate(CardsTestSupport.details(number)).number == expected)
    }

    @Test(arguments: ["4242-4242-4242-4242", "4242424242424242", "4000 0000 0000 0000 006", "36227206271667"])
    func acceptsSeparatorsAndEveryBrandLength(number: String) throws {
        #expect(try validate(CardsTestSupport.details(number)).number == nil)
    }

    @Test func luhnFailureUsesStripesWording() throws {
        let errors = try validate(CardsTestSupport.details("4242424242424241"))
        #expect(errors.number?.stripeCode == "incorrect_number")
        #expect(errors.message(for: .number) == "Your card number is incorrect.")
    }

    @Test(arguments: [
        ("4242424242424242", "", CardCVCError?.some(.incomplete)),
        ("4242424242424242", "12", .incomplete),
        ("4242424242424242", "123", nil),
        ("4242424242424242", "1234", .invalid),
        ("4242424242424242", "12a", .invalid),
        ("378282246310005", "123", .incomplete),
        ("378282246310005", "1234", nil),
        ("378282246310005", "12345", .invalid),
        ("5555555555554444", "999", nil),
    ])
    func securityCodeLengthFollowsTheBrand(number: String, cvc: String, expected: CardCVCError?) throws {
        #expect(try validate(CardsTestSupport.details(number, cvc: cvc)).cvc == expected)
    }

    @Test func incompleteSecurityCodeMessage() throws {
        let errors = try validate(CardsTestSupport.details("378282246310005", cvc: "123"))
        #expect(errors.message(for: .cvc) == "Your card's security code is incomplete.")
        #expect(errors.cvc?.stripeCode == "incomplete_cvc")
    }

    @Test func expiredCardMessages() throws {
        let lastMonth = try validate(CardsTestSupport.details("4242424242424242", month: 10, year: 2026))
        #expect(lastMonth.message(for: .expiry) == "Your card's expiration date is in the past.")
        #expect(lastMonth.expiry?.stripeCode == "invalid_expiry_month_past")
        let thisMonth = try validate(CardsTestSupport.details("4242424242424242", month: 11, year: 2026))
        #expect(thisMonth.isEmpty)
        let badMonth = try validate(CardsTestSupport.details("4242424242424242", month: 13, year: 2030))
        #expect(badMonth.expiry?.stripeCode == "invalid_expiry_month")
        #expect(badMonth.message(for: .expiry) == "Your card's expiration month is invalid.")
    }

    @Test func reportsEveryFieldAtOnce() throws {
        let details = CardDetails(number: "4242424242424241", expiryMonth: 1, expiryYear: 2020, cvc: "1",
                                  postalCode: "  ")
        let errors = try validate(details)
        #expect(errors == CardValidationErrors(number: .incorrect, expiry: .yearInPast, cvc: .incomplete,
                                               postalCode: .incomplete))
        #expect(errors.fieldMessages.map(\.field) == [.number, .expiry, .cvc, .postalCode])
        #expect(errors.fieldMessages.map(\.message) == [
            "Your card number is incorrect.",
            "Your card's expiration year is in the past.",
            "Your card's security code is incomplete.",
            "Your postal code is incomplete.",
        ])
    }

    @Test func postalCodeIsCheckedOnlyWhenAskedFor() throws {
        #expect(try validate(CardsTestSupport.details("4242424242424242")).postalCode == nil)
        let blank = CardDetails(number: "4242424242424242", expiryMonth: 12, expiryYear: 2030, cvc: "123",
                                postalCode: "")
        #expect(try validate(blank).postalCode == .incomplete)
    }
}
