import HTTPTypes
import Hummingbird

/// The headers every answer of the checkout pages carries, so a hostile page can neither frame
/// them, run script in them, read where they came from, nor have a response sniffed as another type.
/// `Referrer-Policy: same-origin` keeps the page's address from other sites while letting the
/// page's own form posts carry its origin (`no-referrer` would make them `Origin: null`, which a
/// sandboxed hostile frame sends too).
enum SecurityHeaders {
    /// No script, image or frame source at all (the pages are plain HTML forms), and no style but
    /// the pages' own stylesheet, admitted by its hash (`CheckoutStyle`); forms may
    /// post to this server only, and follow its redirect to the origins in `formTargets` (the
    /// session's return and cancel URLs), since browsers hold redirects of a form to `form-action`.
    static func contentSecurityPolicy(formTargets: [String] = []) -> String {
        var sources = ["'self'"]
        for target in formTargets.compactMap(origin(of:)) where !sources.contains(target) { sources.append(target) }
        let formAction = sources.joined(separator: " ")
        return "default-src 'none'; style-src \(CheckoutStyle.policySource); base-uri 'none'; frame-ancestors 'none'; "
            + "form-action \(formAction)"
    }

    /// Not among swift-http-types' predefined names; both literals are valid field names.
    private static let frameOptions = HTTPField.Name("X-Frame-Options")
    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")

    static func apply(to headers: inout HTTPFields, formTargets: [String] = []) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy(formTargets: formTargets)
        if let frameOptions { headers[frameOptions] = "DENY" }
        if let referrerPolicy { headers[referrerPolicy] = "same-origin" }
        headers[.xContentTypeOptions] = "nosniff"
    }

    /// `http(s)://host[:port]` of a URL, only when every character is safe inside a CSP source
    /// list; anything else is left out rather than let a URL inject a directive.
    static func origin(of url: String) -> String? {
        let lowered = url.lowercased()
        let scheme: String
        if lowered.hasPrefix("http://") { scheme = "http://" } else if lowered.hasPrefix("https://") { scheme = "https://" } else { return nil }
        let authority = lowered.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-:[]")
        guard !authority.isEmpty, authority.allSatisfy(allowed.contains) else { return nil }
        return scheme + authority
    }
}
