import Foundation
import Testing
import TestSupport

/// A `kiosk serve` child process, started on a free port; its URL is read from the line it prints
/// once it accepts connections.
final class ServerProcess {
    let child: ChildProcess
    let url: URL

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Where the served store keeps its rows.
    enum Storage: CustomTestStringConvertible, Sendable {
        case sqlite
        /// `kiosk serve --database URL`.
        case postgres(url: String)

        /// SQLite always; PostgreSQL when `KIOSK_TEST_POSTGRES_URL` names a cluster (see
        /// `.ci/postgres.sh`), in a schema of its own in the cluster's database.
        static var available: [Storage] {
            [.sqlite] + [freshPostgres()].compactMap { $0 }
        }

        /// The throwaway cluster `.ci/postgres.sh` started, if any.
        static var postgresCluster: String? {
            ProcessInfo.processInfo.environment["KIOSK_TEST_POSTGRES_URL"]
        }

        /// A store in a new schema of the cluster's database, nil without a cluster.
        static func freshPostgres() -> Storage? {
            guard let url = postgresCluster else { return nil }
            let schema = "serve_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
            return .postgres(url: url + (url.contains("?") ? "&" : "?") + "schema=" + schema)
        }

        var testDescription: String {
            switch self {
            case .sqlite: "SQLite"
            case .postgres: "PostgreSQL"
            }
        }

        var arguments: [String] {
            switch self {
            case .sqlite: []
            case let .postgres(url): ["--database", url]
            }
        }
    }

    init(dataDirectory: URL, storage: Storage = .sqlite, arguments: [String] = []) throws {
        child = try KioskProcess.start(["serve", "--data-dir", dataDirectory.path, "--port", "0"] + storage.arguments + arguments,
                                       standardOutput: .pipe)
        let text = try child.standardOutput!.readFirstLine()
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        guard line.hasPrefix("Serving on "), let url = URL(string: String(line.dropFirst("Serving on ".count))) else {
            child.send(SIGKILL)
            try child.wait()
            throw StartFailure(description: "kiosk serve printed \(text.debugDescription)")
        }
        self.url = url
        printed = text
    }

    /// What the server printed so far on standard output.
    private var printed: String

    /// The port of `SSH on ssh://HOST:PORT (host key …)`, the line after `Serving on` when the
    /// server was started with `--ssh-port`.
    func sshPort() throws -> Int {
        while !printed.contains("SSH on ssh://") || !printed.hasSuffix("\n") {
            let more = try child.standardOutput!.readFirstLine()
            guard !more.isEmpty else { break }
            printed += more
        }
        guard let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("SSH on ssh://") }),
              let address = line.split(separator: " ").dropFirst(2).first,
              let port = address.split(separator: ":").last.flatMap({ Int($0) }) else {
            throw StartFailure(description: "kiosk serve printed no SSH line: \(printed.debugDescription)")
        }
        return port
    }

    /// Sends SIGTERM and waits: the server drains and exits by itself.
    func terminate() throws -> Int32 {
        child.send(SIGTERM)
        return try child.wait().status
    }
}
