import Testing
import PaymentsCore

struct SensitiveDataRedactorTests {
    @Test(arguments: [
        ("card 4242424242424242 ok", "card •••• 4242 ok"),
        ("card 4242 4242 4242 4242 ok", "card •••• 4242 ok"),
        ("card 4242-4242-4242-4242.", "card •••• 4242."),
        ("amex 3782 822463 10005", "amex •••• 0005"),
        ("bad luhn 4242424242424241", "bad luhn •••• 4241"),
        ("thirteen 4222222222222", "thirteen •••• 2222"),
        ("nineteen 4000000000000000003", "nineteen •••• 0003"),
        ("number=4242424242424242&exp=12", "number=•••• 4242&exp=12"),
        ("{\"number\":\"5555555555554444\"}", "{\"number\":\"•••• 4444\"}"),
        ("glued4242424242424242", "glued•••• 4242"),
        ("two 4242424242424242 and 5555555555554444", "two •••• 4242 and •••• 4444"),
    ])
    func masksCardNumbersKeepingTheLastFour(input: String, expected: String) {
        #expect(SensitiveDataRedactor.redact(input) == expected)
    }

    @Test(arguments: [
        "amount=1999 currency=usd",
        "charged $19.99 on 2026-11-21T19:36:24Z",
        "renews 2026-12-21, year 2027",
        "Visa •••• 4242 expires 12/2030",
        "last4=4242 exp_month=12 exp_year=2030",
        "phone +1 555 123 4567",
        "invoice in_42 for 123456789012",
        "cvc_check=pass",
        "tok_aB3dE5gH7jK9mN1pQ3sT5vW7",
    ])
    func leavesOrdinaryNumbersAlone(input: String) {
        #expect(SensitiveDataRedactor.redact(input) == input)
    }

    @Test(arguments: [
        ("cvc=123", "cvc=•••"),
        ("number=•••• 4242&cvc=123&exp=12", "number=•••• 4242&cvc=•••&exp=12"),
        ("CVV: 4567", "CVV: •••"),
        ("{\"cvc\": \"123\"}", "{\"cvc\": \"•••\"}"),
        ("{\"cvc\":123,\"exp\":1}", "{\"cvc\":\"•••\",\"exp\":1}"),
        ("card[cvc]=123", "card[cvc]=•••"),
        ("card_cvc=1234 next", "card_cvc=••• next"),
        ("securityCode='999'", "securityCode='•••'"),
        ("cvc2 = 321", "cvc2 = •••"),
    ])
    func masksSecurityCodeFields(input: String, expected: String) {
        #expect(SensitiveDataRedactor.redact(input) == expected)
    }

    @Test func redactsACardFormDumpEntirely() {
        let input = "{\"number\": \"4000 0025 0000 3155\", \"cvc\": \"123\", \"exp_month\": 12, \"exp_year\": 2030}"
        let output = SensitiveDataRedactor.redact(input)
        #expect(output == "{\"number\": \"•••• 3155\", \"cvc\": \"•••\", \"exp_month\": 12, \"exp_year\": 2030}")
        #expect(!output.contains("123"))
    }
}
