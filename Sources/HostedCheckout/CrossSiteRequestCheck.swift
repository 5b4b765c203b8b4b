import Foundation
import Hummingbird

/// Refuses a state-changing request that a browser says came from another site.
///
/// Browsers send `Origin` with every POST. The checkout pages use `Referrer-Policy: same-origin`,
/// under which the Fetch standard has the page's own forms posted with the page's origin;
/// `Origin: null` comes from a sandboxed frame or a `data:` page, so it is as foreign as any other
/// site. A missing `Origin` comes from a non-browser client. So: an `Origin` or `Referer` naming
/// any origin other than this server's own, `null` included, is refused; absent headers pass on
/// to the form token, which every POST must carry anyway. Behind a public address
/// (`kiosk serve --public-url`, often https through a proxy that ends TLS) that address's origin
/// is the pages' own as well.
enum CrossSiteRequestCheck {
    /// Nil when the request may proceed, else why it was refused.
    static func refusal(for request: Request, publicOrigin: String? = nil) -> String? {
        guard let host = request.head.authority, !host.isEmpty else { return "The request names no host." }
        let ownOrigins = ["http://\(host)".lowercased()] + (publicOrigin.map { [$0] } ?? [])
        if let origin = request.headers[.origin] {
            guard ownOrigins.contains(origin.lowercased()) else { return "This form was sent from another site." }
        }
        if let referer = request.headers[.referer], !referer.isEmpty {
            guard let origin = origin(of: referer), ownOrigins.contains(origin) else {
                return "This form was sent from another site."
            }
        }
        return nil
    }

    /// The origin a browser sends from pages at `url`: its port only when not the scheme's
    /// default (`https://shop.example.com:443` is `https://shop.example.com`).
    static func origin(ofPublicURL url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let defaultPort = ["http": 80, "https": 443][scheme]
        return "\(scheme)://\(host)" + (url.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
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
