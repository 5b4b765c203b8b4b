import Hummingbird

/// Refuses a state-changing request that a browser says came from another site.
///
/// Browsers send `Origin` with every POST. The checkout pages use `Referrer-Policy: same-origin`,
/// under which the Fetch standard has the page's own forms posted with the page's origin;
/// `Origin: null` comes from a sandboxed frame or a `data:` page, so it is as foreign as any other
/// site. A missing `Origin` comes from a non-browser client. So: an `Origin` or `Referer` naming
/// any origin other than this server's own, `null` included, is refused; absent headers pass on
/// to the form token, which every POST must carry anyway.
enum CrossSiteRequestCheck {
    /// Nil when the request may proceed, else why it was refused.
    static func refusal(for request: Request) -> String? {
        guard let host = request.head.authority, !host.isEmpty else { return "The request names no host." }
        let ownOrigin = "http://\(host)".lowercased()
        if let origin = request.headers[.origin] {
            guard origin.lowercased() == ownOrigin else { return "This form was sent from another site." }
        }
        if let referer = request.headers[.referer], !referer.isEmpty {
            guard origin(of: referer) == ownOrigin else { return "This form was sent from another site." }
        }
        return nil
    }

    /// `scheme://host[:port]` of an absolute URL, lowercased; nil when it has none.
    private static func origin(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        return (url[..<schemeEnd.lowerBound] + "://" + authority).lowercased()
    }
}
