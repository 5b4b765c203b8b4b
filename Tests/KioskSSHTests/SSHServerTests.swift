import Crypto
import Foundation
@testable import KioskSSH
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOSSH
import PaymentsCore
import Testing

/// The server's protocol edges, with swift-nio-ssh's client in process and a storefront that
/// records what the server asked of it.
// The limit only keeps a hang from stalling the run; each test takes well under a second.
@Suite(.timeLimit(.minutes(10))) struct SSHServerTests {
    let storefront = RecordingStorefront()

    func start(limits: SSHLimits = SSHLimits()) async throws -> SSHServer {
        try await SSHServer.start(host: "127.0.0.1", port: 0, hostKey: .ephemeral(), limits: limits, storefront: storefront,
                                  resolve: { key, user in
                                      SSHIdentity(fingerprint: key.fingerprint, accountID: "acct_\(user)", userName: user, isAdmin: false)
                                  }, logger: Logger(label: "test"))
    }

    let key = Curve25519.Signing.PrivateKey().rawRepresentation

    @Test func execRunsTheCommandForTheKeysAccount() async throws {
        let server = try await start()
        let client = try await SSHTestClient.connect(port: server.port, user: "ada", credential: .key(key))
        let session = try await client.session([SSHChannelRequestEvent.ExecRequest(command: "status", wantReply: true)])
        let (output, status) = try await session.finished()
        #expect(output == "status for acct_ada\n")
        #expect(status == 0)
        await client.close()
        await server.shutdown()
    }

    /// What only one connection held (a demo store) is let go when it ends; two connections of one
    /// key are told apart.
    @Test func theStorefrontHearsEachConnectionEnd() async throws {
        let server = try await start()
        let first = try await SSHTestClient.connect(port: server.port, user: "ada", credential: .key(key))
        let second = try await SSHTestClient.connect(port: server.port, user: "ada", credential: .key(key))
        _ = try await first.session([SSHChannelRequestEvent.ExecRequest(command: "status", wantReply: true)]).finished()
        _ = try await second.session([SSHChannelRequestEvent.ExecRequest(command: "status", wantReply: true)]).finished()
        await first.close()
        let firstEnded = try #require(await storefront.nextConnectionEnd())
        await second.close()
        let secondEnded = try #require(await storefront.nextConnectionEnd())
        #expect(firstEnded.accountID == "acct_ada" && secondEnded.accountID == "acct_ada")
        #expect(firstEnded.connection != secondEnded.connection)
        #expect(firstEnded.connection != 0)
        await server.shutdown()
    }

    @Test func aRefusedSessionTellsTheClientWhy() async throws {
        let server = try await SSHServer.start(
            host: "127.0.0.1", port: 0, hostKey: .ephemeral(), storefront: RefusingStorefront(),
            resolve: { key, user in SSHIdentity(fingerprint: key.fingerprint, accountID: "demo", userName: user, isAdmin: true) },
            logger: Logger(label: "test"))
        let client = try await SSHTestClient.connect(port: server.port, credential: .key(key))
        let session = try await client.session([
            SSHChannelRequestEvent.PseudoTerminalRequest(wantReply: true, term: "xterm", terminalCharacterWidth: 80,
                                                         terminalRowHeight: 24, terminalPixelWidth: 0, terminalPixelHeight: 0,
                                                         terminalModes: SSHTerminalModes([:])),
            SSHChannelRequestEvent.ShellRequest(wantReply: true),
        ])
        let (output, status) = try await session.finished()
        #expect(output == "The demo is full.\r\n")
        #expect(status == 1)
        await client.close()
        await server.shutdown()
        #expect(server.openSessions == 0)
    }

    @Test func aShellWithoutAPtySaysToUseSshT() async throws {
        let server = try await start()
        let client = try await SSHTestClient.connect(port: server.port, credential: .key(key))
        let session = try await client.session([SSHChannelRequestEvent.ShellRequest(wantReply: true)])
        let (output, status) = try await session.finished()
        #expect(output.contains("ssh -t"))
        #expect(status == 1)
        #expect(storefront.started.isEmpty)
        await client.close()
        await server.shutdown()
    }

    @Test func aPtySessionRunsTheStorefrontResizesAndSaysGoodbyeOnShutdown() async throws {
        let server = try await start()
        let client = try await SSHTestClient.connect(port: server.port, credential: .key(key))
        let session = try await client.session([
            SSHChannelRequestEvent.PseudoTerminalRequest(wantReply: true, term: "xterm-256color", terminalCharacterWidth: 100,
                                                         terminalRowHeight: 30, terminalPixelWidth: 0, terminalPixelHeight: 0,
                                                         terminalModes: SSHTerminalModes([:])),
            SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "NO_COLOR", value: "1"),
            SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LD_PRELOAD", value: "x"),
            SSHChannelRequestEvent.ShellRequest(wantReply: true),
        ])
        _ = await session.waitFor("paywall")
        #expect(storefront.started == [SSHTerminalRequest(term: "xterm-256color", columns: 100, rows: 30, environment: ["NO_COLOR": "1"])])
        #expect(session.recorder.replies == [true, true, false, true])
        try await session.send("q")
        _ = await session.waitFor("got q")
        try await session.channel.triggerUserOutboundEvent(SSHChannelRequestEvent.WindowChangeRequest(
            terminalCharacterWidth: 120, terminalRowHeight: 40, terminalPixelWidth: 0, terminalPixelHeight: 0)).get()
        _ = await session.waitFor("size 120x40")
        await server.shutdown(goodbye: "bye now")
        // Shutdown returned once the session let go of its slot.
        #expect(server.openSessions == 0)
        let (output, status) = try await session.finished()
        #expect(output.hasSuffix("bye now\r\n"))
        #expect(status == 0)
        await client.close()
    }

    @Test func subsystemsAreRefused() async throws {
        let server = try await start()
        let client = try await SSHTestClient.connect(port: server.port, credential: .key(key))
        let session = try await client.session([SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true)])
        try await session.channel.close()
        #expect(session.recorder.replies == [false])
        await client.close()
        await server.shutdown()
    }

    /// swift-nio-ssh refuses RSA keys unseen, so a client with no verifiable key reaches the
    /// password method: it is told which key to make, in a command and in a terminal, and reaches
    /// nothing of the store.
    @Test func aPasswordOpensNoAccountOnlyAdviceToMakeAnEd25519Key() async throws {
        let server = try await start()
        let client = try await SSHTestClient.connect(port: server.port, credential: .password("hunter2"))
        let command = try await client.session([SSHChannelRequestEvent.ExecRequest(command: "status", wantReply: true)])
        let (output, status) = try await command.finished()
        #expect(output.contains("RSA keys are not supported"))
        #expect(output.contains("ssh-keygen -t ed25519"))
        #expect(!output.contains("status for"))
        #expect(status == 1)
        let terminal = try await client.session([
            SSHChannelRequestEvent.PseudoTerminalRequest(wantReply: true, term: "xterm", terminalCharacterWidth: 80,
                                                         terminalRowHeight: 24, terminalPixelWidth: 0, terminalPixelHeight: 0,
                                                         terminalModes: SSHTerminalModes([:])),
            SSHChannelRequestEvent.ShellRequest(wantReply: true),
        ])
        let (painted, shellStatus) = try await terminal.finished()
        #expect(painted == SSHKeyAdviceHandler.advice)
        #expect(shellStatus == 1)
        #expect(storefront.started.isEmpty)
        #expect(server.openSessions == 0)
        await client.close()
        await server.shutdown()
    }

    /// A client whose key could be verified but was refused is not let in by a password.
    @Test func aPasswordAfterARefusedKeyIsRefused() async throws {
        let server = try await SSHServer.start(
            host: "127.0.0.1", port: 0, hostKey: .ephemeral(), storefront: storefront,
            resolve: { _, _ in throw SSHSessionRefused("blocked") }, logger: Logger(label: "test"))
        await #expect(throws: SSHTestClientError.refused) {
            _ = try await SSHTestClient.connect(port: server.port, credential: .then(.key(key), .password("hunter2")))
        }
        await server.shutdown()
    }

    @Test func aKeyMayHoldOnlyItsShareOfSessions() async throws {
        var limits = SSHLimits()
        limits.sessionsPerKey = 1
        let server = try await start(limits: limits)
        let client = try await SSHTestClient.connect(port: server.port, credential: .key(key))
        let pty = SSHChannelRequestEvent.PseudoTerminalRequest(wantReply: true, term: "xterm", terminalCharacterWidth: 80,
                                                               terminalRowHeight: 24, terminalPixelWidth: 0, terminalPixelHeight: 0,
                                                               terminalModes: SSHTerminalModes([:]))
        let first = try await client.session([pty, SSHChannelRequestEvent.ShellRequest(wantReply: true)])
        _ = await first.waitFor("paywall")
        let second = try await client.session([pty, SSHChannelRequestEvent.ShellRequest(wantReply: true)])
        let (output, status) = try await second.finished()
        #expect(output.contains("Too many sessions with this key"))
        #expect(status == 1)
        await client.close()
        await server.shutdown()
    }

    @Test
    func aClientThatStopsReadingIsDroppedNotBuffered() async throws {
        var limits = SSHLimits()
        limits.outputBufferBytes = 64 << 10
        let server = try await start(limits: limits)
        let client = try await SSHTestClient.connect(port: server.port, credential: .key(key))
        let session = try await client.session([
            SSHChannelRequestEvent.PseudoTerminalRequest(wantReply: true, term: "xterm", terminalCharacterWidth: 80,
                                                         terminalRowHeight: 24, terminalPixelWidth: 0, terminalPixelHeight: 0,
                                                         terminalModes: SSHTerminalModes([:])),
            SSHChannelRequestEvent.ShellRequest(wantReply: true),
        ])
        _ = await session.waitFor("paywall")
        // The session channel stops reading, so the window it gave the server (2 MB, see
        // SSHTestClient) is never opened again: the 8 MB the storefront writes would queue in the
        // server. (Without the bound nothing ends the session, and the time limit fails the test.)
        try await session.channel.setOption(ChannelOptions.autoRead, value: false).get()
        try await session.send("flood")
        // The server ends the session by itself: the client has done nothing since. (Its channel,
        // not reading, would not see the close either, so the test does not wait for that.)
        await storefront.nextEnd()
        #expect(session.recorder.snapshot.output.utf8.count < 4 << 20)
        await client.close()
        await server.shutdown()
        #expect(server.openSessions == 0)
    }
}

/// Records sessions; its session writes "paywall", echoes what it is sent and its size, and
/// floods its output when sent "flood".
final class RecordingStorefront: SSHStorefront {
    private let starts = NIOLockedValueBox<[SSHTerminalRequest]>([])
    var started: [SSHTerminalRequest] { starts.withLockedValue { $0 } }
    private let (ends, ended) = AsyncStream<Void>.makeStream()

    /// Waits until a session is ended by the server.
    func nextEnd() async {
        for await _ in ends { return }
    }

    func startSession(for identity: SSHIdentity, terminal: SSHTerminalRequest,
                      output: SSHSessionOutput) async throws -> any SSHStorefrontSession {
        starts.withLockedValue { $0.append(terminal) }
        output.write(Array("paywall\r\n".utf8))
        return EchoSession(output: output, ended: { [ended] in ended.yield() })
    }

    func run(command: String, for identity: SSHIdentity) async -> SSHCommandResult {
        SSHCommandResult(output: "\(command) for \(identity.accountID)\n", exitStatus: 0)
    }

    private let (endedConnections, connectionEnd) = AsyncStream<SSHIdentity>.makeStream()

    /// Waits until the server says a connection ended.
    func nextConnectionEnd() async -> SSHIdentity? {
        for await identity in endedConnections { return identity }
        return nil
    }

    func connectionEnded(for identity: SSHIdentity) async {
        connectionEnd.yield(identity)
    }
}

/// Refuses every session, as a full demo does.
struct RefusingStorefront: SSHStorefront {
    func startSession(for identity: SSHIdentity, terminal: SSHTerminalRequest,
                      output: SSHSessionOutput) async throws -> any SSHStorefrontSession {
        throw SSHSessionRefused("The demo is full.")
    }

    func run(command: String, for identity: SSHIdentity) async -> SSHCommandResult {
        SSHCommandResult(output: "", exitStatus: 1)
    }

    func connectionEnded(for identity: SSHIdentity) async {}
}

final class EchoSession: SSHStorefrontSession {
    let output: SSHSessionOutput
    let ended: @Sendable () -> Void

    init(output: SSHSessionOutput, ended: @escaping @Sendable () -> Void) {
        self.output = output
        self.ended = ended
    }

    func receive(_ bytes: [UInt8]) {
        if bytes == Array("flood".utf8) {
            for _ in 0..<512 { output.write([UInt8](repeating: 0x41, count: 16 << 10)) }
        } else {
            output.write(Array("got \(String(decoding: bytes, as: UTF8.self))\r\n".utf8))
        }
    }

    func resize(columns: Int, rows: Int) {
        output.write(Array("size \(columns)x\(rows)\r\n".utf8))
    }

    func end(goodbye: String?) {
        if let goodbye { output.write(Array("\(goodbye)\r\n".utf8)) }
        output.close()
        ended()
    }
}
