import Testing
@testable import PaymentsCore

struct CardBrandTests {
    @Test(arguments: [
        ("4", CardBrand.visa), ("4242 4242 4242 4242", .visa),
        ("51", .mastercard), ("55", .mastercard), ("5555555555554444", .mastercard),
        ("2221", .mastercard), ("23", .mastercard), ("2720", .mastercard), ("2223003122003222", .mastercard),
        ("34", .amex), ("37", .amex), ("378282246310005", .amex),
        ("6011", .discover), ("644", .discover), ("65", .discover), ("6011111111111117", .discover),
        ("300", .diners), ("305", .diners), ("36", .diners), ("38", .diners), ("36227206271667", .diners),
        ("3528", .jcb), ("3589", .jcb), ("353", .jcb), ("3566002020360505", .jcb),
        ("62", .unionpay), ("6200000000000005", .unionpay), ("81", .unionpay),
    ])
    func detectsBrandFromLeadingDigits(input: String, expected: CardBrand) {
        #expect(CardBrand.detect(fromPartialNumber: input) == expected)
    }

    @Test(arguments: ["", "3", "5", "2", "22", "272", "6", "60", "601", "64", "35", "352", "30"])
    func ambiguousPrefixesStayUnknown(input: String) {
        #expect(CardBrand.detect(fromPartialNumber: input) == .unknown)
    }

    @Test(arguments: ["50", "56", "2220", "2721", "3527", "3590", "306", "6012", "643", "1", "9"])
    func prefixesOfNoKnownNetworkAreUnknown(input: String) {
        #expect(CardBrand.detect(fromPartialNumber: input) == .unknown)
    }

    @Test(arguments: [
        (CardBrand.visa, [13, 16, 19], 3), (.mastercard, [16], 3), (.amex, [15], 4),
        (.discover, [16, 17, 18, 19], 3), (.diners, [14, 16], 3), (.jcb, [16, 17, 18, 19], 3),
        (.unionpay, [16, 17, 18, 19], 3),
    ])
    func lengthsAndSecurityCodeDigits(brand: CardBrand, lengths: [Int], cvcLength: Int) {
        #expect(brand.validLengths == lengths)
        #expect(brand.cvcLength == cvcLength)
    }

    @Test func groupingFollowsThePrintedCard() {
        #expect(CardBrand.visa.groupSizes(forDigitCount: 16) == [4, 4, 4, 4, 3])
        #expect(CardBrand.amex.groupSizes(forDigitCount: 15) == [4, 6, 5])
        #expect(CardBrand.diners.groupSizes(forDigitCount: 14) == [4, 6, 4])
        #expect(CardBrand.diners.groupSizes(forDigitCount: 16) == [4, 4, 4, 4, 3])
    }
}
