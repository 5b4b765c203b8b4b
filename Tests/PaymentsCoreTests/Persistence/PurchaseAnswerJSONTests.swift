import Foundation
@testable import PaymentsCore
import Testing

/// A purchase's stored answer is written by hand in the common case; a replay reads it with
/// `JSONDecoder`, so it must decode to exactly the value the encoder's text decodes to: the
/// purchase's own answer.
@Suite("Purchase answer JSON")
struct PurchaseAnswerJSONTests {
    @Test("real outcomes read back the same from the hand-written text and from the encoder's")
    func realOutcomesReadBackTheSame() async throws {
        let outcomes = try await Self.realOutcomes()
        var handWritten = 0
        for outcome in outcomes {
            #expect(try Self.decode(IdempotentRequests.encodedAnswer(outcome)) == outcome)
            #expect(try Self.decode(IdempotentRequests.storedAnswer(outcome)) == outcome)
            guard case let .purchased(receipt) = outcome else {
                #expect(PurchaseAnswerJSON.encode(outcome) == nil, "a decline or a pending action uses the encoder")
                continue
            }
            // The transaction is the one the purchase recorded, not signed yet: kept as its payload text.
            #expect(receipt.transaction?.payloadBytesToSign != nil)
            let text = try #require(PurchaseAnswerJSON.encode(outcome), "\(receipt.productID) needs no encoder")
            #expect(try Self.decode(text) == outcome, "\(text)")
            handWritten += 1
        }
        #expect(handWritten == outcomes.count - 2)
    }

    @Test("a receipt with and without its subscription or transaction reads back the same")
    func optionalPartsReadBackTheSame() async throws {
        let store = try await CoreFixture()
        var receipt = try await store.buy(try await store.account(), "pro.monthly")
        #expect(receipt.subscription != nil && receipt.transaction != nil)
        for _ in 0..<2 {
            let outcome = PurchaseOutcome.purchased(receipt)
            #expect(try Self.decode(try #require(PurchaseAnswerJSON.encode(outcome))) == outcome)
            receipt.transaction = nil
            receipt.subscription = nil
        }
    }

    @Test("a transaction signed already is stored with its token, through the encoder")
    func aSignedTransactionUsesTheEncoder() async throws {
        let store = try await CoreFixture()
        let receipt = try await store.buy(try await store.account(), "themes")
        let token = try #require(receipt.transaction).jws
        let outcome = PurchaseOutcome.purchased(receipt)
        #expect(PurchaseAnswerJSON.encode(outcome) == nil)
        let stored = try IdempotentRequests.storedAnswer(outcome)
        #expect(stored.contains(token))
        #expect(try Self.decode(stored) == outcome)
    }

    @Test("every stored property is written, with every optional set")
    func everyPropertyIsWritten() async throws {
        let receipt = try await Self.fullReceipt()
        let outcome = PurchaseOutcome.purchased(receipt)
        let text = try #require(PurchaseAnswerJSON.encode(outcome))
        #expect(try Self.decode(text) == outcome)
        // A property added later and not written would decode as nil or fail: the key sets say which.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let written = try #require((object["purchased"] as? [String: Any])?["_0"] as? [String: Any])
        #expect(Set(written.keys) == Self.labels(of: receipt))
        let invoice = try #require(written["invoice"] as? [String: Any])
        #expect(Set(invoice.keys) == Self.labels(of: receipt.invoice))
        let line = try #require((invoice["lines"] as? [[String: Any]])?.first)
        #expect(Set(line.keys) == Self.labels(of: receipt.invoice.lines[0]))
        let subscription = try #require(written["subscription"] as? [String: Any])
        #expect(Set(subscription.keys) == Self.labels(of: try #require(receipt.subscription)))
    }

    @Test("quotes, backslashes, slashes and any script are escaped or kept; control characters use the encoder")
    func stringsNeedingEscapes() async throws {
        let store = try await CoreFixture()
        let receipt = try await store.buy(try await store.account(), "themes")
        var escaped = receipt
        escaped.invoice.description = #"Code "SPRING" \ 10% / first month · 残高 🎉"#
        escaped.entitlements = ["a/b", "\u{7F}\u{2028}", ""]
        let outcome = PurchaseOutcome.purchased(escaped)
        #expect(try Self.decode(try #require(PurchaseAnswerJSON.encode(outcome))) == outcome)
        for control in ["Two\nlines", "Tab\there", "\u{0}", "\u{1F}"] {
            var fallback = receipt
            fallback.invoice.lines[0].description = control
            let outcome = PurchaseOutcome.purchased(fallback)
            #expect(PurchaseAnswerJSON.encode(outcome) == nil)
            #expect(try Self.decode(IdempotentRequests.storedAnswer(outcome)) == outcome)
        }
    }

    /// The engine's dates are whole seconds; a fraction, far dates and odd doubles are made here.
    @Test("a date reads back as the identical date, whatever its fraction of a second")
    func datesReadBackIdentically() async throws {
        let store = try await CoreFixture()
        let receipt = try await store.buy(try await store.account(), "pass")
        var generator = SystemRandomNumberGenerator()
        var seconds: [Double] = [0, -0.0, 1e-7, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e20, -1e20,
                                 0.1 + 0.2, 788_918_400.000_123_4, Date.distantPast.timeIntervalSinceReferenceDate,
                                 Date.distantFuture.timeIntervalSinceReferenceDate]
        seconds += (0..<2_000).map { _ in Double.random(in: -4e9...4e9, using: &generator) }
        seconds += (0..<500).map { _ in Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)) }
        var written = 0
        for value in seconds where value.isFinite {
            var changed = receipt
            changed.invoice.createdAt = Date(timeIntervalSinceReferenceDate: value)
            let outcome = PurchaseOutcome.purchased(changed)
            let text = try #require(PurchaseAnswerJSON.encode(outcome), "\(value)")
            #expect(try Self.decode(text) == outcome, "\(value)")
            written += 1
        }
        #expect(written > 2_000)
        var infinite = receipt
        infinite.invoice.lines[0].periodEnd = Date(timeIntervalSinceReferenceDate: .infinity)
        #expect(PurchaseAnswerJSON.encode(.purchased(infinite)) == nil, "the encoder refuses it as today")
    }

    @Test("a wrong field in the text is noticed: the comparison is of every field")
    func aMutatedTextDecodesToAnotherValue() async throws {
        let store = try await CoreFixture()
        let outcome = PurchaseOutcome.purchased(try await store.buy(try await store.account(), "points.500"))
        let text = try #require(PurchaseAnswerJSON.encode(outcome))
        for (field, wrong) in [("\"pointsCredited\":500", "\"pointsCredited\":50"),
                               ("\"attemptCount\":1", "\"attemptCount\":2"),
                               ("\"currency\":\"USD\"", "\"currency\":\"EUR\"")] {
            #expect(text.contains(field), "\(text)")
            #expect(try Self.decode(text.replacingOccurrences(of: field, with: wrong)) != outcome)
        }
    }
}
