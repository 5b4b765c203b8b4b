import NIOConcurrencyHelpers
import NIOCore

/// The server-wide counts behind `SSHLimits`: sessions per server, key and address, and sign-in
/// attempts per address in the last minute. Shared by every connection's event loop.
final class SSHAdmission: Sendable {
    private struct Counts {
        var sessions = 0
        var perKey: [String: Int] = [:]
        var perAddress: [String: Int] = [:]
        var attempts: [String: [NIODeadline]] = [:]
    }

    enum Refusal: Error, CustomStringConvertible {
        case serverFull, tooManyForKey, tooManyForAddress
        var description: String {
            switch self {
            case .serverFull: "The storefront is full right now; please try again in a few minutes."
            case .tooManyForKey: "Too many sessions with this key; close one and try again."
            case .tooManyForAddress: "Too many sessions from your address; close one and try again."
            }
        }
    }

    let limits: SSHLimits
    private let now: @Sendable () -> NIODeadline
    private let counts = NIOLockedValueBox(Counts())

    init(limits: SSHLimits, now: @escaping @Sendable () -> NIODeadline = { .now() }) {
        self.limits = limits
        self.now = now
    }

    /// Records a sign-in attempt from `address`; false once the address has used its minute's share.
    func attempt(from address: String) -> Bool {
        let now = now()
        let limit = limits.authAttemptsPerAddressPerMinute
        return counts.withLockedValue { counts in
            var recent = (counts.attempts[address] ?? []).filter { now - $0 < .minutes(1) }
            guard recent.count < limit else {
                counts.attempts[address] = recent
                return false
            }
            recent.append(now)
            counts.attempts[address] = recent
            return true
        }
    }

    /// Takes a session slot for `fingerprint` from `address`, or says which limit is reached.
    func open(fingerprint: String, address: String) -> Refusal? {
        counts.withLockedValue { counts in
            if counts.sessions >= limits.sessionsPerServer { return .serverFull }
            if counts.perKey[fingerprint, default: 0] >= limits.sessionsPerKey { return .tooManyForKey }
            if counts.perAddress[address, default: 0] >= limits.sessionsPerAddress { return .tooManyForAddress }
            counts.sessions += 1
            counts.perKey[fingerprint, default: 0] += 1
            counts.perAddress[address, default: 0] += 1
            return nil
        }
    }

    func close(fingerprint: String, address: String) {
        counts.withLockedValue { counts in
            counts.sessions -= 1
            counts.perKey[fingerprint, default: 1] -= 1
            if counts.perKey[fingerprint] == 0 { counts.perKey[fingerprint] = nil }
            counts.perAddress[address, default: 1] -= 1
            if counts.perAddress[address] == 0 { counts.perAddress[address] = nil }
        }
    }

    var openSessions: Int { counts.withLockedValue { $0.sessions } }
}

/// What one server lets its SSH clients hold, each configurable (`kiosk serve --ssh-…`).
public struct SSHLimits: Sendable {
    public var sessionsPerServer = 1_000
    public var sessionsPerKey = 8
    public var sessionsPerAddress = 64
    /// Connections and refused sign-ins an address may make in a minute before its connections
    /// are dropped.
    public var authAttemptsPerAddressPerMinute = 30
    /// A session with no input for this long is closed, warned a minute before.
    public var idleTimeout: TimeAmount = .minutes(30)
    /// Bytes written to a client and not yet taken by it: past this the client has stopped reading
    /// and its session is dropped, so it cannot grow the server's memory.
    public var outputBufferBytes = 1 << 20
    /// Bytes of input a session may have waiting to be handled.
    public var inputBufferBytes = 64 << 10

    public init() {}
}
