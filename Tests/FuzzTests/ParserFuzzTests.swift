import Foundation
import Testing

@testable import HostedCheckout
import KioskAPI
@testable import KioskQA
@testable import PaymentsCore
@testable import TerminalUI

/// Issue 17, "keep it that way": every parser of outside input, run over its seed corpus and
/// deterministic mutations of it (see `FuzzHarness`). A parser may refuse an input however it
/// likes; it must never trap, and what it accepts must be usable without trapping either.
@Suite struct ParserFuzzTests {
    private static let now = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21T12:00:00Z

    @Test func catalogYAML() async throws {
        try await FuzzHarness.run("catalog", dictionary: ["P999999999Y", "PT999999999H", "P1M", "price: ", "points: ",
                                                          "periods: ", "duration: ", "period: ", "unlimited", "\n  - ",
                                                          "{", "}", "[", "]", ": ", "&a ", "*a", "!!binary ", "<<: "]) { input in
            guard case let .success(catalog) = CatalogLoader.load(yaml: String(decoding: input, as: UTF8.self),
                                                                 file: "fuzz.yaml") else { return }
            // What validates must be safe to compute with: periods add, prices sum.
            for plan in catalog.plans {
                for product in plan.products {
                    _ = try? product.period.advance(Self.now, times: 1_000)
                    if let intro = product.intro { _ = try? intro.period.advance(Self.now, times: max(intro.periods, 1)) }
                    _ = try? Money(minorUnits: product.price, currency: catalog.currency)
                        .adding(Money(minorUnits: product.price, currency: catalog.currency))
                }
            }
        }
    }

    @Test func storeKitJSON() async throws {
        try await FuzzHarness.run("storekit", dictionary: ["\"displayPrice\" : ", "\"recurringSubscriptionPeriod\" : ",
                                                           "\"P999999999Y\"", "\"groupNumber\" : ", "\"type\" : ",
                                                           "\"NonConsumable\"", "\"Consumable\"", "\"RecurringSubscription\"",
                                                           "null", "true", "[", "]", "{", "}", ",", "\"9.99\""]) { input in
            let options = StoreKitImportOptions(name: "Fuzz")
            guard let imported = try? StoreKitConfigurationImporter.convert(json: Data(input), options: options) else { return }
            // The catalog written from an import must read back.
            _ = CatalogLoader.load(yaml: imported.yaml(sourceFile: "fuzz.storekit"), file: "fuzz.yaml")
        }
    }

    @Test func redirectURLs() async throws {
        let detector = try RedirectDetector(returnURL: "http://127.0.0.1:8080/checkout/return?session={CHECKOUT_SESSION_ID}",
                                            cancelURL: "http://127.0.0.1:8080/checkout/cancel", state: "s3cr3t")
        try await FuzzHarness.run("redirect", dictionary: ["%", "%00", "%2F", "?", "&", "#", "=", "state=s3cr3t",
                                                           "status=succeeded", "@", "xn--", ":65536", "[::1]", "//",
                                                           "\\", "..", "%25"]) { input in
            _ = detector.classify(String(decoding: input, as: UTF8.self))
        }
    }

    @Test func webhookHeadersAndBodies() async throws {
        let secret = try WebhookSecret(keyBytes: Array(repeating: 7, count: 32))
        let verifier = WebhookVerifier(secret: secret)
        try await FuzzHarness.run("webhook", dictionary: ["v1,", " ", "msg_", "\n", "1795262400", "\"type\":",
                                                          "\"data\":", "\"timestamp\":", "null", "{", "}", "=="]) { input in
            // Three header lines (id, timestamp, signature), then the body.
            let parts = input.split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
            let field = { (index: Int) in index < parts.count ? String(decoding: parts[index], as: UTF8.self) : "" }
            let headers = ["webhook-id": field(0), "webhook-timestamp": field(1), "webhook-signature": field(2)]
            let body = parts.count > 3 ? Data(parts[3]) : Data()
            _ = try? verifier.verify(httpHeaders: headers, body: body, now: Self.now)
            _ = try? WebhookEvent(jsonBody: body)
        }
    }

    @Test func compactJWS() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-fuzz-jws-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var generator = SeededGenerator(seed: 1)
        let authority = try TransactionSigningAuthority.loadOrCreate(.appStore, dataDirectory: directory, now: Self.now, using: &generator)
        let valid = try authority.sign(TransactionPayload(
            transactionId: "2000000000000001", originalTransactionId: "2000000000000001", bundleId: "dev.kiosk.fuzz",
            productId: "pro.monthly", subscriptionGroupIdentifier: "plans", purchaseDate: Self.now,
            originalPurchaseDate: Self.now, expiresDate: Self.now.addingTimeInterval(86_400 * 30), offerType: nil,
            offerIdentifier: nil, environment: .localTesting, storefront: "USA", storefrontId: "143441", price: 999,
            currency: "USD", appAccountToken: nil, type: .autoRenewableSubscription, quantity: 1, signedDate: Self.now))
        let verifier = TransactionVerifier(trustedRoot: authority.rootCertificate)
        try await FuzzHarness.run("jws", dictionary: [".", "=", "eyJ", "\"alg\":\"ES256\"", "\"x5c\":[", "AAAA", "-", "_"],
                                  extraSeeds: [Array(valid.utf8)]) { input in
            let text = String(decoding: input, as: UTF8.self)
            _ = await verifier.verify(text, at: Self.now)
            _ = try? CompactJWS.payload(of: text)
        }
    }

    @Test func scenarioYAML() async throws {
        try await FuzzHarness.run("scenario", dictionary: ["advance: ", "resize: ", "webhook: {delay: ", "P999999999Y",
                                                           "100000x100000", "times: ", "\n  - ", "{", "}", "[", "]",
                                                           ": ", "&a ", "*a", "press: "]) { input in
            guard case let .success(scenario) = ScenarioParser.parse(yaml: String(decoding: input, as: UTF8.self),
                                                                     file: "fuzz.yaml") else { return }
            // What validates must be carried out without trapping: clocks move, screens allocate.
            for step in scenario.steps {
                switch step.kind {
                case let .advance(duration): _ = try? duration.advance(Self.now)
                case let .resize(size): _ = Buffer(size: size)
                case let .webhook(.delay(_, duration)): _ = try? duration.advance(Self.now)
                default: break
                }
            }
            _ = Buffer(size: scenario.size)
        }
    }

    @Test func terminalKeySequences() async throws {
        let masks = MouseMasks(press: 0x4, scrollUp: 0x80000, scrollDown: 0x8000000)
        try await FuzzHarness.run("keys", dictionary: ["\u{1B}", "[", "O", "~", ";", "M", "\u{7F}", "\u{0}"]) { input in
            // Each four bytes are one thing `wget_wch` can return: a character or a key code.
            var index = 0
            while index + 4 <= input.count {
                let value = input[index..<(index + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                _ = value & 1 == 0 ? KeyDecoder.decode(.character(value >> 1))
                    : KeyDecoder.decode(.keyCode(Int32(truncatingIfNeeded: value >> 1)))
                _ = KeyDecoder.decodeMouse(x: Int(Int16(truncatingIfNeeded: value)), y: Int(Int8(truncatingIfNeeded: value >> 16)),
                                           buttonState: UInt(value), masks: masks)
                index += 4
            }
        }
    }

    @Test func checkoutFormBodies() async throws {
        try await FuzzHarness.run("form", dictionary: ["&", "=", "+", "%", "%zz", "%00", "%C3%A9", "card=", "cvc=",
                                                       "expiry=", "postal="]) { input in
            let fields = FormFields(body: String(decoding: input, as: UTF8.self))
            for name in ["card", "cvc", "expiry", "name", "postal", "csrf"] { _ = fields[name] }
        }
    }

    /// The JSON request bodies `kiosk serve` accepts, decoded into the contract's generated types
    /// as its server does (RFC 3339 dates): a body is refused or decoded, never a trap.
    @Test func serviceRequestBodies() async throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        try await FuzzHarness.run("api", dictionary: ["\"product_id\":", "\"exp_month\":", "\"frozen_at\":", "null",
                                                      "1e400", "-0", "9223372036854775808", "\"\\u0000\"", "{", "}", "[",
                                                      "]", ",", "\"2026-13-45T99:99:99Z\""]) { input in
            let body = Data(input)
            _ = try? decoder.decode(Components.Schemas.PurchaseInput.self, from: body)
            _ = try? decoder.decode(Components.Schemas.NewCard.self, from: body)
            _ = try? decoder.decode(Components.Schemas.NewAccount.self, from: body)
            _ = try? decoder.decode(Components.Schemas.NewTestClock.self, from: body)
            _ = try? decoder.decode(Components.Schemas.ClockAdvance.self, from: body)
        }
    }
}
