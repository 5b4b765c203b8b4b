import Foundation

/// Host validation and the comparable ASCII (IDNA) form of a host.
///
/// The rules follow what a browser would do with the host, and refuse anything where the
/// browser's reading and a naive string comparison could disagree: numeric hosts must be the
/// canonical dotted quad (browsers read `127.1`, `2130706433`, `0x7f000001` and `0177.0.0.1` as
/// IPv4 addresses), and non-ASCII labels become Punycode so a lookalike can never equal an ASCII
/// host.
enum URLHost {
    private static let maxLabelLength = 63
    private static let maxHostLength = 253
    private static let dot = UInt8(ascii: ".")

    /// Checks the syntax of a non-bracketed host. Non-ASCII bytes are allowed here (IDN) and
    /// handled by ``asciiForm(_:_:)``.
    static func validateRegisteredName(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>
    ) throws(RedirectRejection) {
        guard !range.isEmpty else { throw RedirectRejection(.missingHost) }
        // Cheap upper bound before any label work: a valid host's ASCII form has at most 253
        // bytes, and no Unicode label character takes more than 4 UTF-8 bytes.
        guard range.count <= maxHostLength * 4 else { throw RedirectRejection(.invalidHost) }
        var labelStart = range.lowerBound
        var lastLabel = range.lowerBound..<range.lowerBound
        var hasTrailingDot = false
        var index = range.lowerBound
        while index <= range.upperBound {
            if index == range.upperBound || bytes[index] == dot {
                let label = labelStart..<index
                if label.isEmpty {
                    // Only a single trailing dot may produce an empty label.
                    guard index == range.upperBound, index > range.lowerBound else {
                        throw RedirectRejection(.invalidHost)
                    }
                    hasTrailingDot = true
                } else {
                    lastLabel = label
                }
                labelStart = index + 1
            } else if !isHostByte(bytes[index]) {
                throw RedirectRejection(.invalidHost)
            }
            index += 1
        }
        if endsInNumber(bytes, lastLabel) {
            guard !hasTrailingDot, isCanonicalIPv4(bytes, range) else {
                throw RedirectRejection(.nonCanonicalIPAddress)
            }
        }
    }

    /// Canonical dotted-decimal IPv4: four decimal octets 0...255 without leading zeros.
    static func isCanonicalIPv4(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var octets = 0
        var value = 0
        var digits = 0
        var firstDigit: UInt8 = 0
        var index = range.lowerBound
        while index <= range.upperBound {
            if index == range.upperBound || bytes[index] == dot {
                guard digits >= 1, value <= 255, !(digits > 1 && firstDigit == UInt8(ascii: "0")) else {
                    return false
                }
                octets += 1
                value = 0
                digits = 0
            } else {
                let byte = bytes[index]
                guard isDigit(byte), digits < 3 else { return false }
                if digits == 0 { firstDigit = byte }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            }
            index += 1
        }
        return octets == 4
    }

    /// Case-insensitive comparison of a pure-ASCII host with a lowercased registered host.
    static func asciiEquals(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        lowercased registered: [UInt8]
    ) -> Bool {
        guard range.count == registered.count else { return false }
        var offset = 0
        while offset < registered.count {
            if lowercase(bytes[range.lowerBound + offset]) != registered[offset] { return false }
            offset += 1
        }
        return true
    }

    /// The lowercased ASCII form of an already validated host: ASCII labels are lowercased,
    /// non-ASCII labels are lowercased, NFC-normalized and Punycode-encoded with `xn--`.
    static func asciiForm(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>
    ) throws(RedirectRejection) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var labelStart = range.lowerBound
        var index = range.lowerBound
        while index <= range.upperBound {
            if index == range.upperBound || bytes[index] == dot {
                if labelStart > range.lowerBound {
                    result.append(dot)
                }
                try appendASCIILabel(bytes, labelStart..<index, to: &result)
                labelStart = index + 1
            }
            index += 1
        }
        guard result.count <= maxHostLength + 1 else { throw RedirectRejection(.invalidHost) }
        return result
    }

    static func lowercase(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte + 32 : byte
    }

    private static func appendASCIILabel(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ label: Range<Int>,
        to result: inout [UInt8]
    ) throws(RedirectRejection) {
        var isASCII = true
        for index in label where bytes[index] >= 0x80 {
            isASCII = false
        }
        if isASCII {
            guard label.count <= maxLabelLength else { throw RedirectRejection(.invalidHost) }
            for index in label {
                result.append(lowercase(bytes[index]))
            }
            return
        }
        let unicode = String(decoding: UnsafeBufferPointer(rebasing: bytes[label]), as: UTF8.self)
        let scalars = Array(unicode.lowercased().precomposedStringWithCanonicalMapping.unicodeScalars)
        // A label that only looked non-ASCII (e.g. KELVIN SIGN lowercasing to "k") is a lookalike
        // of an ASCII label and must not be allowed to turn into it.
        guard scalars.contains(where: { !$0.isASCII }),
              scalars.allSatisfy(isAllowedLabelScalar),
              let encoded = Punycode.encode(scalars) else {
            throw RedirectRejection(.invalidHost)
        }
        let labelBytes = Array("xn--\(encoded)".utf8)
        guard labelBytes.count <= maxLabelLength else { throw RedirectRejection(.invalidHost) }
        result.append(contentsOf: labelBytes)
    }

    /// Letters, marks and digits only: everything else outside ASCII (full stops such as U+3002,
    /// slashes, symbols) is a separator or syntax lookalike that IDNA would remap.
    private static func isAllowedLabelScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || byte == UInt8(ascii: "-")
        }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The WHATWG "ends in a number" test: such hosts are parsed as IPv4 by browsers.
    private static func endsInNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ label: Range<Int>) -> Bool {
        guard !label.isEmpty else { return false }
        var index = label.lowerBound
        var isHex = false
        if label.count >= 2, bytes[index] == UInt8(ascii: "0"), lowercase(bytes[index + 1]) == UInt8(ascii: "x") {
            isHex = true
            index += 2
        }
        while index < label.upperBound {
            let byte = bytes[index]
            guard isHex ? PercentEncoding.hexValue(byte) != nil : isDigit(byte) else { return false }
            index += 1
        }
        return true
    }
}
