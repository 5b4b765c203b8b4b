import PaymentsCore
import Testing

@Suite("Redirect detector host lookalikes")
struct RedirectHostLookalikeTests {
    @Test("A Unicode host that lowercases to ASCII is refused, not folded into the ASCII host")
    func kelvinSign() throws {
        let detector = try RedirectDetector(returnURL: "https://kiosk.example/return")
        let classification = detector.classify("https://\u{212A}iosk.example/return?status=succeeded")
        #expect(classification == RedirectClassification(outcome: .rejected, reason: .invalidHost))
    }

    @Test("Cyrillic lookalikes of an ASCII host are a different host", arguments: [
        "https://kіosk.example/return?status=succeeded",
        "https://kiоsk.example/return?status=succeeded",
        "https://ķiosk.example/return?status=succeeded",
        "https://kiosk.exаmple/return?status=succeeded",
    ])
    func cyrillicLookalike(url: String) throws {
        let detector = try RedirectDetector(returnURL: "https://kiosk.example/return")
        #expect(detector.classify(url) == RedirectClassification(outcome: .ignored, reason: .notOurEndpoint))
    }

    @Test("An internationalized host matches in Unicode and Punycode spellings", arguments: [
        "https://пример.испытание/ok?status=succeeded",
        "https://ПРИМЕР.испытание/ok?status=succeeded",
        "https://xn--e1afmkfd.xn--80akhbyknj4f/ok?status=succeeded",
        "https://XN--E1AFMKFD.xn--80akhbyknj4f/ok?status=succeeded",
    ])
    func internationalizedHost(url: String) throws {
        let detector = try RedirectDetector(returnURL: "https://xn--e1afmkfd.xn--80akhbyknj4f/ok")
        #expect(detector.classify(url).outcome == .succeeded)
    }

    @Test("Decomposed and precomposed spellings of an IDN host are the same host")
    func normalizationForm() throws {
        let detector = try RedirectDetector(returnURL: "https://b\u{00FC}cher.example/ok")
        #expect(detector.classify("https://bu\u{0308}cher.example/ok?status=succeeded").outcome == .succeeded)
    }
}
