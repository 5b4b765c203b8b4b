import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOSSH
import PaymentsCore

/// What one connection has proved: set by its authenticator, read by its session channels.
final class SSHConnectionState: Sendable {
    private static let counter = NIOLockedValueBox<UInt64>(0)

    let address: String
    /// Unique among this process's connections.
    let id: UInt64
    private let proved = NIOLockedValueBox<SSHIdentity?>(nil)

    init(address: String) {
        self.address = address
        id = Self.counter.withLockedValue { count in
            count += 1
            return count
        }
    }

    var identity: SSHIdentity? {
        get { proved.withLockedValue { $0 } }
        set { proved.withLockedValue { $0 = newValue } }
    }
}

/// Public-key sign-in only: a key whose signature swift-nio-ssh has verified is looked up (or
/// given a new account) by its fingerprint. Passwords and every other method are refused, and an
/// address that keeps failing is cut off for the rest of the minute.
final class SSHAuthenticator: NIOSSHServerUserAuthenticationDelegate {
    private let connection: SSHConnectionState
    private let admission: SSHAdmission
    private let resolve: SSHIdentityResolver
    private let logger: Logger
    private let close: @Sendable () -> Void

    init(connection: SSHConnectionState, admission: SSHAdmission, resolve: @escaping SSHIdentityResolver,
         logger: Logger, close: @escaping @Sendable () -> Void) {
        self.connection = connection
        self.admission = admission
        self.resolve = resolve
        self.logger = logger
        self.close = close
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let address = connection.address
        guard case .publicKey(let offered) = request.request else {
            // OpenSSH asks with `none` first to learn the methods: not an attempt.
            if case .none = request.request {
                responsePromise.succeed(.failure)
            } else {
                refuse(responsePromise, address: address, reason: "a method other than publickey")
            }
            return
        }
        let key: SSHPublicKey
        do {
            key = try SSHPublicKey(openSSHLine: String(openSSHPublicKey: offered.publicKey))
        } catch {
            // A certificate or another form swift-nio-ssh verifies but Kiosk does not bind.
            refuse(responsePromise, address: address, reason: "a key type Kiosk does not bind")
            return
        }
        let (resolve, logger, connection) = (resolve, logger, connection)
        let userName = request.username
        responsePromise.completeWithTask {
            do {
                var identity = try await resolve(key, userName)
                identity.connection = connection.id
                connection.identity = identity
                logger.info("ssh: signed in", metadata: [
                    "fingerprint": "\(identity.fingerprint)", "account": "\(identity.accountID)",
                    "admin": "\(identity.isAdmin)", "address": "\(address)",
                ])
                return .success
            } catch {
                logger.warning("ssh: sign-in refused", metadata: [
                    "fingerprint": "\(key.fingerprint)", "address": "\(address)", "reason": "\(error)",
                ])
                return .failure
            }
        }
    }

    private func refuse(_ promise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>, address: String, reason: String) {
        logger.info("ssh: sign-in refused", metadata: ["address": "\(address)", "reason": "\(reason)"])
        if !admission.attempt(from: address) { close() }
        promise.succeed(.failure)
    }
}
