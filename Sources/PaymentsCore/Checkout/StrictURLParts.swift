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
