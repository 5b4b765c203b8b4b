import Foundation
import KioskCommandLine
import KioskSSH
import Logging
import PaymentsCore

/// The demo stores of one server (`--ssh-demo`), one per SSH connection, made on the connection's
/// first session or command and deleted when it ends, however it ends. At most `capacity` exist at
/// once: past that a visitor is told the demo is full.
///
/// They live under `<data dir>/ssh-demo/<pid>/` (owner-only); a server that starts removes what
/// servers no longer running left there.
actor SSHDemoSandboxes {
    nonisolated let root: URL
    let catalog: Catalog
    let capacity: Int
    private let logger: Logger
    private var sandboxes: [UInt64: Task<SSHDemoSandbox, any Error>] = [:]
    /// Connections that ended: a sandbox asked for afterwards (a session starting as its connection
    /// drops) is refused rather than made and never deleted.
    /// The last few thousand are enough: the two calls race by moments.
    private var ended: Set<UInt64> = []
    private var endedOrder: [UInt64] = []
    private static let endedMemory = 4_096

    static func full(_ capacity: Int) -> SSHSessionRefused {
        SSHSessionRefused("The demo is full: \(capacity) visitors each have a store of their own right now. "
                          + "Please try again in a few minutes.")
    }

    /// Makes this server's (empty, owner-only) root, removing the demo stores of servers that no longer run.
    init(dataDirectory: DataDirectory, catalog: Catalog, capacity: Int, logger: Logger) throws {
        let parent = dataDirectory.url.appendingPathComponent("ssh-demo")
        try DataDirectory(url: parent).create()
        let files = FileManager.default
        for name in try files.contentsOfDirectory(atPath: parent.path) {
            if let pid = Int32(name), kill(pid, 0) == 0 || errno == EPERM { continue }
            try files.removeItem(at: parent.appendingPathComponent(name))
        }
        root = parent.appendingPathComponent(String(getpid()))
        try DataDirectory(url: root).create()
        self.catalog = catalog
        self.capacity = capacity
        self.logger = logger
    }

    /// The sandbox of `connection`, made on first use.
    func sandbox(for connection: UInt64) async throws -> SSHDemoSandbox {
        if let made = sandboxes[connection] { return try await made.value }
        guard !ended.contains(connection) else { throw SSHSessionRefused("The connection has ended.") }
        guard sandboxes.count < capacity else { throw Self.full(capacity) }
        let (directory, catalog) = (root.appendingPathComponent("c\(connection)"), catalog)
        let making = Task { try await SSHDemoSandbox.make(in: directory, catalog: catalog) }
        sandboxes[connection] = making
        do {
            return try await making.value
        } catch {
            logger.error("ssh: a demo store could not be made", metadata: ["error": "\(error)"])
            await discard(connection)
            throw SSHSessionRefused("The demo store could not be made; please try again later.")
        }
    }

    /// The connection ended: its sandbox (once made, if it is being made) is deleted.
    func discard(_ connection: UInt64) async {
        remember(connection)
        guard let making = sandboxes.removeValue(forKey: connection) else { return }
        _ = await making.result
        let directory = root.appendingPathComponent("c\(connection)")
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            logger.error("ssh: a demo store could not be deleted", metadata: ["directory": "\(directory.path)", "error": "\(error)"])
        }
    }

    /// Deletes every sandbox and the root: the server stops.
    func removeAll() async {
        for connection in Array(sandboxes.keys) { await discard(connection) }
        do {
            try FileManager.default.removeItem(at: root)
        } catch {
            logger.error("ssh: the demo stores' directory could not be deleted", metadata: ["directory": "\(root.path)", "error": "\(error)"])
        }
    }

    var count: Int { sandboxes.count }

    private func remember(_ connection: UInt64) {
        ended.insert(connection)
        endedOrder.append(connection)
        if endedOrder.count > Self.endedMemory {
            ended.remove(endedOrder.removeFirst())
        }
    }
}
