import Foundation
import Synchronization

/// One request's identity for its log line: the request id and, once the authentication
/// middleware knows it, the customer's account id. Handed down as a task-local because the
/// authentication runs inside the middleware that writes the line.
final class RequestTrace: Sendable {
    let id: String
    private let account = Mutex<String?>(nil)

    @TaskLocal static var current: RequestTrace?

    init(id: String) { self.id = id }

    var accountID: String? { account.withLock { $0 } }

    func identify(accountID: String) { account.withLock { $0 = accountID } }

    /// The client's `X-Request-Id` when it is a plain token (1 to 128 of letters, digits, `.`, `_`,
    /// `-`), so a log line can neither be forged nor bloated through it; otherwise a new UUID.
    static func requestID(fromHeader value: String?) -> String {
        if let value, (1...128).contains(value.utf8.count),
           value.utf8.allSatisfy({ byte in
               (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                   || byte == 0x2E || byte == 0x5F || byte == 0x2D
           }) {
            return value
        }
        return UUID().uuidString.lowercased()
    }
}
