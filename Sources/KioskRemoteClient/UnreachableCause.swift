import AsyncHTTPClient
import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a call got no answer, in a few words a person can act on ("connection refused", "no
/// answer within 15 s"), instead of the transport's type names (issue 41, item 17).
enum UnreachableCause {
    static func words(_ error: any Error, deadline: TimeAmount) -> String {
        switch error {
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as ChannelError:
            if case .connectTimeout = error { return "no connection within \(seconds(deadline))" }
            return "\(error)"
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout: return "no connection within \(seconds(deadline))"
            case .deadlineExceeded, .readTimeout: return "no answer within \(seconds(deadline))"
            case .remoteConnectionClosed: return "the server closed the connection"
            default: return "\(error)"
            }
        default:
            return "\(error)"
        }
    }

    private static func seconds(_ amount: TimeAmount) -> String { "\(amount.nanoseconds / 1_000_000_000) s" }
}
