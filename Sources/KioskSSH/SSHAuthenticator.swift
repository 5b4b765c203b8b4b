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
    private let verifiedKey = NIOLockedValueBox(false)

    init(address: String) {
        self.address = address
        id = Self.counter.withLockedValue { count in
            count += 1
            return count
        }
    }

    /// Who signed in; nil on a connection let in only to be told to make a key (see
    /// `SSHAuthenticator`), the one way in without an identity.
    var identity: SSHIdentity? {
        get { proved.withLockedValue { $0 } }
        set { proved.withLockedValue { $0 = newValue } }
    }

    /// A key whose signature swift-nio-ssh verified reached the authenticator (whether or not it
    /// then signed in): the client has a usable key type.
    var offeredVerifiedKey: Bool {
        get { verifiedKey.withLockedValue { $0 } }
        set { verifiedKey.withLockedValue { $0 = newValue } }
    }
}

/// Public-key sign-in only: a key whose signature swift-nio-ssh has verified is looked up (or
/// given a new account) by its fingerprint. An address that keeps failing is cut off for the rest
/// of the minute.
///
/// swift-nio-ssh 0.15.1 refuses an RSA key (and any type it cannot verify) before this delegate
/// hears of it, and can send text to a client only after a successful sign-in (its user-auth
/// banner goes with the success message). So that such a client is told what to do instead of a
/// bare "Permission denied", `password` is offered too, and answered only for a connection that
/// never offered a verifiable key: whatever is typed is never read, and the connection gets no
/// identity, only sessions that say to make an ed25519 key and close (`SSHKeyAdviceHandler`).
/// A password never opens an account.
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

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { [.publicKey, .password] }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let address = connection.address
        let offered: NIOSSHUserAuthenticationRequest.Request.PublicKey
        switch request.request {
        case .publicKey(let key):
            offered = key
        case .none:
            // OpenSSH asks with `none` first to learn the methods: not an attempt.
            return responsePromise.succeed(.failure)
        case .password where !connection.offeredVerifiedKey:
            return adviseAKey(responsePromise, address: address, userName: request.username)
        default:
            return refuse(responsePromise, address: address, reason: "a method other than publickey")
        }
        connection.offeredVerifiedKey = true
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

    /// The client has no key this server can verify: it is let in to be told so, never as anyone.
    private func adviseAKey(_ promise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>, address: String, userName: String) {
        guard admission.attempt(from: address) else {
            close()
            return promise.succeed(.failure)
        }
        logger.info("ssh: no usable key; telling the client to make one", metadata: ["address": "\(address)", "user": "\(userName.prefix(40))"])
        promise.succeed(.success)
    }

    private func refuse(_ promise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>, address: String, reason: String) {
        logger.info("ssh: sign-in refused", metadata: ["address": "\(address)", "reason": "\(reason)"])
        if !admission.attempt(from: address) { close() }
        promise.succeed(.failure)
    }
}
