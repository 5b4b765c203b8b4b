/// Walks `name=value` items of a raw query without decoding or allocating.
///
/// Only `&` separates items (`;` is data, as in WHATWG URLSearchParams); an item without `=` has
/// an empty value, and empty items (`&&`) are skipped.
struct QueryItemCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let end: Int
    private var position: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>) {
        self.bytes = bytes
        self.end = query.upperBound
        self.position = query.lowerBound
    }

    mutating func next() -> (name: Range<Int>, value: Range<Int>)? {
        while position < end {
            let start = position
            var itemEnd = start
            while itemEnd < end, bytes[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
            position = itemEnd + 1
            guard itemEnd > start else { continue }
            var equals = start
            while equals < itemEnd, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            let value = equals < itemEnd ? (equals + 1)..<itemEnd : itemEnd..<itemEnd
            return (start..<equals, value)
        }
        return nil
    }
}
