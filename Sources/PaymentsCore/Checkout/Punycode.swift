/// RFC 3492 Punycode encoder, used to turn a non-ASCII host label into the ASCII form browsers
/// put on the wire, so hosts are compared in one representation.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80

    /// The encoded label without the `xn--` prefix, or nil if the input overflows the algorithm's
    /// integer range (only possible for absurdly long labels, which are invalid hosts anyway).
    static func encode(_ scalars: [Unicode.Scalar]) -> String? {
        var output: [UInt8] = []
        for scalar in scalars where scalar.isASCII {
            output.append(UInt8(scalar.value))
        }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 {
            output.append(UInt8(ascii: "-"))
        }

        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < scalars.count {
            var next = Int.max
            for scalar in scalars where Int(scalar.value) >= n && Int(scalar.value) < next {
                next = Int(scalar.value)
            }
            let (scaled, overflowMultiply) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflowMultiply, scaled <= Int(Int32.max) - delta else { return nil }
            delta += scaled
            n = next
            for scalar in scalars {
                let value = Int(scalar.value)
                if value < n {
                    delta += 1
                    guard delta <= Int(Int32.max) else { return nil }
                }
                if value == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = threshold(k: k, bias: bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta: delta, pointCount: handled + 1, isFirst: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func threshold(k: Int, bias: Int) -> Int {
        if k <= bias { return tMin }
        if k >= bias + tMax { return tMax }
        return k - bias
    }

    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func adapt(delta: Int, pointCount: Int, isFirst: Bool) -> Int {
        var delta = isFirst ? delta / damp : delta / 2
        delta += delta / pointCount
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
