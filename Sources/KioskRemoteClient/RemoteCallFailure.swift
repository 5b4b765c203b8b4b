import Foundation
import KioskAPI

/// A call to the server that did not give an answer the storefront can use: the server could
/// not be reached, refused (its problem details), or answered something unreadable. The
/// description is what a screen shows; it names the server, and for refusals the server's words.
public struct RemoteCallFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// No answer: connection refused, reset, timed out, name not resolved.
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

    public var description: String {
        switch reason {
        case .unreachable:
            "Can't reach the server at \(server)"
        case let .refused(status, _, title, detail, _):
            status == 401
                ? "The server at \(server) did not accept this storefront's key (\(operation)): \(detail ?? title)"
                : detail ?? title
        case let .unreadableAnswer(what):
            "The server at \(server) answered \(operation) with something this storefront cannot read: \(what)"
        }
    }
}
