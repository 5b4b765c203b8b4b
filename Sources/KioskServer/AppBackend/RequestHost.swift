import Foundation

/// The host name the caller used to reach this server (from the request's authority), so links
/// the server hands out (the hosted checkout page, its return page) point where that caller can
/// go: a terminal on another machine gets the server's name, not `127.0.0.1`.
///
/// Only a plain DNS name, IPv4 address or bracketed IPv6 literal is taken; anything else leaves
/// the links on the address the server is bound to.
enum RequestHost {
    @TaskLocal static var current: String?

    static let maximumLength = 253

    /// The host part of an HTTP authority (`name:port`, `[v6]:port`, `name`), or nil.
    static func parse(authority: String) -> String? {
        let host: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            host = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard !host.isEmpty, host.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" })
            else { return nil }
        }
        guard host.count <= maximumLength else { return nil }
        return host.lowercased()
    }

    /// `url` on the caller's host, its port and path kept; unchanged without a caller's host.
    static func relink(_ url: URL) -> URL {
        guard let current, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.percentEncodedHost = current
        return components.url ?? url
    }
}
