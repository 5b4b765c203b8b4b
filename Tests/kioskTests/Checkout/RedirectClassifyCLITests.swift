import Foundation
import Testing

@Suite("kiosk redirect classify")
struct RedirectClassifyCLITests {
    private static let session = [
        "redirect", "classify",
        "--return-url", "http://127.0.0.1:8765/checkout/return",
        "--cancel-url", "http://127.0.0.1:8765/checkout/cancel",
        "--state", "st_8f3k2Q",
    ]
    private static let paid = "http://127.0.0.1:8765/checkout/return?payment_id=pay_1&status=succeeded&state=st_8f3k2Q"
    private static let paidLine = #"{"url":"http://127.0.0.1:8765/checkout/return?payment_id=pay_1&status=succeeded&state=st_8f3k2Q","outcome":"succeeded","reason":"status_succeeded","payment_id":"pay_1","subscription_id":null}"#
    private static let evil = "https://evil.com/payment-success"
    private static let evilLine = #"{"url":"https://evil.com/payment-success","outcome":"ignored","reason":"not_our_endpoint","payment_id":null,"subscription_id":null}"#

    @Test("The binary is built next to the test bundle")
    func binaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: KioskProcess.binaryURL.path))
    }

    @Test("URLs given as arguments print one JSON line each, in order")
    func classifiesArguments() throws {
        let subscription = "http://127.0.0.1:8765/checkout/return?subscription_id=sub_7&status=active&state=st_8f3k2Q"
        let result = try RedirectCLI.run(Self.session + [Self.paid, Self.evil, subscription])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.lines == [
            Self.paidLine,
            Self.evilLine,
            #"{"url":"\#(subscription)","outcome":"succeeded","reason":"status_active","payment_id":null,"subscription_id":"sub_7"}"#,
        ])
    }

    @Test("Without arguments, URLs are read one per line from standard input")
    func classifiesStandardInput() throws {
        let cancel = "http://127.0.0.1:8765/checkout/cancel?state=st_8f3k2Q"
        let result = try RedirectCLI.run(Self.session, stdin: "\(Self.paid)\n\n\(Self.evil)\r\n\(cancel)")
        #expect(result.status == 0)
        #expect(result.lines == [
            Self.paidLine,
            Self.evilLine,
            #"{"url":"\#(cancel)","outcome":"cancelled","reason":"cancel_endpoint","payment_id":null,"subscription_id":null}"#,
        ])
    }

    @Test("Every line is a JSON object with exactly the documented keys")
    func jsonShape() throws {
        let tricky = #"https://evil.com/"quoted"\path"#
        let control = "https://evil.com/a\tb\u{1}"
        let result = try RedirectCLI.run(
            Self.session + [Self.paid, tricky, "http://127.0.0.1:8765/checkout/return", control]
        )
        #expect(result.status == 0)
        #expect(result.lines.last?.hasPrefix(#"{"url":"https://evil.com/a\tb\u0001","outcome":"rejected""#) == true)
        let objects = try result.lines.map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        try #require(objects.count == 4)
        for object in objects {
            #expect(Set(object.keys) == ["url", "outcome", "reason", "payment_id", "subscription_id"])
        }
        #expect(objects[1]["url"] as? String == tricky)
        #expect(objects[1]["outcome"] as? String == "rejected")
        #expect(objects[1]["reason"] as? String == "backslash")
        #expect(objects[1]["payment_id"] is NSNull)
        #expect(objects[2]["reason"] as? String == "missing_state")
        #expect(objects[3]["url"] as? String == control)
    }

    @Test("A missing --return-url is a usage error")
    func missingReturnURL() throws {
        let result = try RedirectCLI.run(["redirect", "classify", Self.paid])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--return-url"))
    }

    @Test("An invalid --return-url is a usage error naming the problem", arguments: [
        ("checkout/return", "return_url is not a valid http(s) URL: missing_scheme"),
        ("https://user@shop.example.com/r", "return_url is not a valid http(s) URL: userinfo_present"),
        ("https://shop.example.com/r?status=succeeded", "return_url must not contain the provider parameter 'status'"),
    ])
    func invalidReturnURL(returnURL: String, message: String) throws {
        let result = try RedirectCLI.run(["redirect", "classify", "--return-url", returnURL, Self.paid])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message))
    }

    @Test("An invalid --state or --cancel-url is a usage error")
    func invalidStateOrCancelURL() throws {
        let badState = try RedirectCLI.run([
            "redirect", "classify", "--return-url", "https://shop.example.com/r", "--state", "a b", Self.paid,
        ])
        #expect(badState.status == 64)
        #expect(badState.stderr.contains("state must be"))
        let badCancel = try RedirectCLI.run([
            "redirect", "classify", "--return-url", "https://shop.example.com/r",
            "--cancel-url", "https://shop.example.com/r", Self.paid,
        ])
        #expect(badCancel.status == 64)
        #expect(badCancel.stderr.contains("must differ"))
    }

    @Test("redirect is a command group listing classify")
    func commandGroup() throws {
        let result = try RedirectCLI.run(["redirect", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("classify"))
    }
}
