import Testing
@testable import KioskHTTP

/// The chunked framing follower on its own: sizes counted, the end found wherever the bytes are
/// split, and bad framing refused.
@Suite struct ChunkedBodyCounterTests {
    let body = Array("4\r\nWiki\r\n5;ext=1\r\npedia\r\n0\r\nExpires: never\r\n\r\nGET /next".utf8)

    @Test func theEndIsFoundAfterTheTrailersHoweverTheBytesArrive() {
        let end = body.count - "GET /next".utf8.count
        for split in 0...body.count {
            var counter = ChunkedBodyCounter(maxBodyBytes: 100, maxLineBytes: 100)
            let first = counter.advance(over: body[..<split])
            if split >= end {
                #expect(first == .finished(consumed: end), "split at \(split)")
            } else {
                #expect(first == .needsMore, "split at \(split)")
                #expect(counter.advance(over: body[split...]) == .finished(consumed: end - split), "split at \(split)")
            }
        }
    }

    @Test func sizesPastTheLimitOrBrokenFramingAreRefused() {
        var small = ChunkedBodyCounter(maxBodyBytes: 8, maxLineBytes: 100)
        #expect(small.advance(over: body) == .tooLarge)
        var huge = ChunkedBodyCounter(maxBodyBytes: .max, maxLineBytes: 100)
        #expect(huge.advance(over: Array("fffffffffffffff\r\n".utf8)) == .needsMore)
        var tooManyDigits = ChunkedBodyCounter(maxBodyBytes: .max, maxLineBytes: 100)
        #expect(tooManyDigits.advance(over: Array("ffffffffffffffffff\r\n".utf8)) == .malformed)
        for broken in ["zz\r\n", "4\nWiki", "4\r\nWikiXX", "\r\n", String(repeating: "0", count: 200)] {
            var counter = ChunkedBodyCounter(maxBodyBytes: 100, maxLineBytes: 100)
            #expect(counter.advance(over: Array(broken.utf8)) == .malformed, "\(broken.debugDescription)")
        }
    }
}
