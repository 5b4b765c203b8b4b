import Foundation
import TestSupport

/// A browser at a public address such as `http://shop.test:PORT` that a tunnel or proxy forwards
/// to this machine: curl, with the public host name resolved to the loopback, so the server sees
/// the requests a browser sends there (`Host`, and `Origin`/`Referer` on its forms), not a test's
/// shortcut. Redirects are not followed: the test reads `Location` itself.
struct PublicAddressBrowser {
    struct Page {
        let status: Int
        let location: String?
        let body: String

        /// The anti-forgery token of the page's forms, if it has any.
        var formToken: String? {
            guard let start = body.range(of: "name=\"csrf\" value=\"") else { return nil }
            let rest = body[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `shop.test:PORT`, as the public URL names it.
    let authority: String

    static var hasCurl: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") }

    func get(_ url: String) throws -> Page {
        try send(url, [])
    }

    /// Posts `form` as the page at `page` does: from that page's origin, with its token.
    func post(_ url: String, form: [(String, String)], fromPage page: String, origin: String) throws -> Page {
        try send(url, ["-H", "Origin: \(origin)", "-e", page] + form.flatMap { ["--data-urlencode", "\($0)=\($1)"] })
    }

    private func send(_ url: String, _ arguments: [String]) throws -> Page {
        let result = try ChildProcess.run(["curl", "-sS", "-i", "--max-time", "60", "--resolve", "\(authority):127.0.0.1"]
                                              + arguments + [url],
                                          environment: ProcessInfo.processInfo.environment)
        guard result.status == 0, let split = result.output.range(of: "\r\n\r\n") else {
            throw Failure(description: "curl \(url) exited \(result.status): \(result.output)")
        }
        let head = result.output[..<split.lowerBound].split(separator: "\r\n")
        guard let status = head.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure(description: "curl \(url): no status line in \(result.output)")
        }
        let location = head.first { $0.lowercased().hasPrefix("location:") }
            .map { $0.dropFirst("location:".count).trimmingCharacters(in: .whitespaces) }
        return Page(status: status, location: location, body: String(result.output[split.upperBound...]))
    }
}
