import Foundation
import KioskAPI

/// A call to the server that did not give an answer the storefront can use: the server could
/// not be reached, refused (its problem details), or answered something unreadable. The
/// description is what a screen shows; it names the server, and for refusals the server's words.
public struct RemoteCallFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// No answer, and why in words: "connection refused", "no answer within 15 s".
        case unreachable(String)
        /// A problem details answer.
        case refused(status: Int, type: String, title: String, detail: String?, field: String?)
        /// An answer that does not fit the contract (for example a catalog that does not load).
        case unreadableAnswer(String)
    }

    public let server: String
    /// What the storefront was doing, in words: "reading your subscriptions".
    public let operation: String
    public let reason: Reason

    public init(server: String, operation: String, reason: Reason) {
        self.server = server
        self.operation = operation
        self.reason = reason
    }

    static func refused(_ problem: RemoteProblem, while operation: String, server: URL) -> RemoteCallFailure {
        RemoteCallFailure(server: server.absoluteString, operation: operation,
                          reason: .refused(status: problem.status, type: problem.problem._type,
                                           title: problem.problem.title, detail: problem.problem.detail,
                                           field: problem.problem.field))
    }

    /// True when the server gave no answer at all (the storefront retries and says so).
    public var isUnreachable: Bool {
        if case .unreachable = reason { true } else { false }
    }

    /// "127.0.0.1:8080", the port the scheme implies when the address names none: what a person
    /// checks first when nothing answers.
    public var hostAndPort: String {
        guard let url = URL(string: server), let host = url.host else { return server }
        let port = url.port ?? (url.scheme == "https" ? 443 : 80)
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    public var description: String {
        switch reason {
        case let .unreachable(cause):
            "Can't reach the server at \(hostAndPort): \(cause)"
        case let .refused(status, _, title, detail, _):
            status == 401
                ? "The server at \(server) refused this storefront's key (401 Unauthorized) while \(operation): \(detail ?? title)"
                : detail ?? title
        case let .unreadableAnswer(what):
            "The server at \(server) answered \(operation) with something this storefront cannot read: \(what)"
        }
    }
}
