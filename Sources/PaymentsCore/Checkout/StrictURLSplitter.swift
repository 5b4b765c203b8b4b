/// A deliberately unforgiving splitter for absolute http(s) URLs.
///
/// Foundation and browsers repair input (strip tabs and newlines, turn `\` into `/`, lowercase
/// schemes, drop userinfo); each repair is a place where the detector and the browser could
/// disagree about which host a URL points at. This splitter repairs nothing: anything a lenient
/// parser would have to fix is rejected.
enum StrictURLSplitter {
    /// Longer URLs are refused outright so classification cost stays bounded.
    static let maxLength = 8192

    static func split(_ bytes: UnsafeBufferPointer<UInt8>) throws(RedirectRejection) -> StrictURLParts {
        let hasNonASCII = try screenCharacters(bytes)
        let end = bytes.count

        let schemeEnd = try findSchemeEnd(bytes)
        let isHTTPS = try readScheme(bytes, 0..<schemeEnd)
        let authorityStart = schemeEnd + 3
        guard authorityStart <= end,
              bytes[schemeEnd + 1] == UInt8(ascii: "/"), bytes[schemeEnd + 2] == UInt8(ascii: "/") else {
            throw RedirectRejection(.missingAuthority)
        }

        var authorityEnd = authorityStart
        while authorityEnd < end, !isAuthorityTerminator(bytes[authorityEnd]) {
            if bytes[authorityEnd] == UInt8(ascii: "@") { throw RedirectRejection(.userinfoPresent) }
            authorityEnd += 1
        }
        let (host, port) = try splitAuthority(bytes, authorityStart..<authorityEnd, isHTTPS: isHTTPS)

        var pathEnd = authorityEnd
        while pathEnd < end, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") {
            pathEnd += 1
        }
        var query: Range<Int>?
        var fragmentStart = pathEnd
        if pathEnd < end, bytes[pathEnd] == UInt8(ascii: "?") {
            var queryEnd = pathEnd + 1
            while queryEnd < end, bytes[queryEnd] != UInt8(ascii: "#") { queryEnd += 1 }
            query = (pathEnd + 1)..<queryEnd
            fragmentStart = queryEnd
        }
        let fragment = fragmentStart < end ? (fragmentStart + 1)..<end : nil

        var hostIsASCII = true
        if hasNonASCII {
            for index in host where bytes[index] >= 0x80 { hostIsASCII = false }
            let outsideHost = (0..<host.lowerBound).contains { bytes[$0] >= 0x80 }
                || (host.upperBound..<end).contains { bytes[$0] >= 0x80 }
            if outsideHost { throw RedirectRejection(.nonASCIICharacter) }
        }
        return StrictURLParts(
            isHTTPS: isHTTPS,
            host: host,
            hostIsASCII: hostIsASCII,
            port: port,
            path: authorityEnd..<pathEnd,
            query: query,
            fragment: fragment
        )
    }

    /// One pass over every byte for the problems that are fatal wherever they appear.
    /// Returns whether any non-ASCII byte was seen, so the common ASCII case skips that check.
    private static func screenCharacters(_ bytes: UnsafeBufferPointer<UInt8>) throws(RedirectRejection) -> Bool {
        guard !bytes.isEmpty else { throw RedirectRejection(.emptyURL) }
        guard bytes.count <= maxLength else { throw RedirectRejection(.urlTooLong) }
        var hasNonASCII = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // Fast path for the common case: printable ASCII other than `%` (0x25) and `\` (0x5C).
            if byte > 0x20, byte < 0x7F, byte != 0x25, byte != 0x5C {
                index += 1
                continue
            }
            if byte <= 0x20 || byte == 0x7F { throw RedirectRejection(.whitespaceOrControlCharacter) }
            if byte == UInt8(ascii: "\\") { throw RedirectRejection(.backslash) }
            if byte >= 0x80 { hasNonASCII = true }
            if byte == PercentEncoding.percent {
                guard index + 2 < bytes.count,
                      PercentEncoding.hexValue(bytes[index + 1]) != nil,
                      PercentEncoding.hexValue(bytes[index + 2]) != nil else {
                    throw RedirectRejection(.invalidPercentEncoding)
                }
            }
            index += 1
        }
        return hasNonASCII
    }

    private static func findSchemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) throws(RedirectRejection) -> Int {
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
            if isAuthorityTerminator(bytes[index]) { throw RedirectRejection(.missingScheme) }
            index += 1
        }
        guard index > 0, index < bytes.count else { throw RedirectRejection(.missingScheme) }
        return index
    }

    /// Only the lowercase spellings are accepted: an uppercase scheme never comes from a browser's
    /// own navigation, so it indicates a hand-crafted URL.
    private static func readScheme(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>
    ) throws(RedirectRejection) -> Bool {
        if matches(bytes, range, "https", caseInsensitive: false) { return true }
        if matches(bytes, range, "http", caseInsensitive: false) { return false }
        if matches(bytes, range, "https", caseInsensitive: true)
            || matches(bytes, range, "http", caseInsensitive: true) {
            throw RedirectRejection(.nonCanonicalScheme)
        }
        throw RedirectRejection(.unsupportedScheme)
    }

    private static func splitAuthority(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ authority: Range<Int>,
        isHTTPS: Bool
    ) throws(RedirectRejection) -> (host: Range<Int>, port: Int) {
        guard !authority.isEmpty else { throw RedirectRejection(.missingHost) }
        var hostEnd: Int
        if bytes[authority.lowerBound] == UInt8(ascii: "[") {
            guard let close = authority.first(where: { bytes[$0] == UInt8(ascii: "]") }),
                  IPv6Literal.isValid(bytes, (authority.lowerBound + 1)..<close) else {
                throw RedirectRejection(.invalidHost)
            }
            hostEnd = close + 1
            guard hostEnd == authority.upperBound || bytes[hostEnd] == UInt8(ascii: ":") else {
                throw RedirectRejection(.invalidHost)
            }
        } else {
            hostEnd = authority.lowerBound
            while hostEnd < authority.upperBound, bytes[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
            try URLHost.validateRegisteredName(bytes, authority.lowerBound..<hostEnd)
        }
        let defaultPort = isHTTPS ? 443 : 80
        guard hostEnd < authority.upperBound else {
            return (authority.lowerBound..<hostEnd, defaultPort)
        }
        let port = try parsePort(bytes, (hostEnd + 1)..<authority.upperBound)
        return (authority.lowerBound..<hostEnd, port)
    }

    /// 1...65535 in plain decimal. Leading zeros and empty ports are refused: browsers accept
    /// them, but they only ever appear in crafted URLs.
    private static func parsePort(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(RedirectRejection) -> Int {
        guard (1...5).contains(range.count), bytes[range.lowerBound] != UInt8(ascii: "0") else {
            throw RedirectRejection(.invalidPort)
        }
        var value = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                throw RedirectRejection(.invalidPort)
            }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
        }
        guard value <= 65535 else { throw RedirectRejection(.invalidPort) }
        return value
    }

    private static func isAuthorityTerminator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private static func matches(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        _ literal: StaticString,
        caseInsensitive: Bool
    ) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        var offset = 0
        while offset < range.count {
            let byte = bytes[range.lowerBound + offset]
            let actual = caseInsensitive ? URLHost.lowercase(byte) : byte
            if actual != expected[offset] { return false }
            offset += 1
        }
        return true
    }
}

/// Carries a rejection reason out of the URL splitter through typed throws, so the hot path
/// reports failures without allocating or boxing an existential error.
struct RedirectRejection: Error {
    let reason: RedirectReason

    init(_ reason: RedirectReason) {
        self.reason = reason
    }
}

/// Byte ranges of an http(s) URL as cut by ``StrictURLSplitter``.
///
/// Ranges index the caller's UTF-8 buffer, so splitting a URL allocates nothing.
struct StrictURLParts {
    var isHTTPS: Bool
    /// The host as written, including the brackets of an IPv6 literal.
    var host: Range<Int>
    /// Whether the host contains non-ASCII bytes and needs the IDNA ASCII form for comparison.
    var hostIsASCII: Bool
    /// The port after default-port normalization (80 for http, 443 for https).
    var port: Int
    /// Empty when the URL has no path; http(s) treats that as "/".
    var path: Range<Int>
    var query: Range<Int>?
    var fragment: Range<Int>?
}
