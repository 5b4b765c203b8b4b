import Foundation

/// The release `kiosk` binary as users run it, in its own process, so its memory is its own: the
/// feed fan-out budget is the server's resident size, not the benchmark's with a thousand clients.
final class ServeProcess: Sendable {
    let url: URL
    let customerKey: String
    let adminKey: String
    private let process: Process
    private let directory: URL

    private init(url: URL, customerKey: String, adminKey: String, process: Process, directory: URL) {
        self.url = url
        self.customerKey = customerKey
        self.adminKey = adminKey
        self.process = process
        self.directory = directory
    }

    /// The `kiosk` beside this benchmark binary (both are products of the same build), or `KIOSK`.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["KIOSK"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kiosk")
    }

    /// A new data directory with one customer, served on a free loopback port.
    static func start() throws -> ServeProcess {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchmarkSetupError.invalidFixture(
                "no kiosk binary at \(binary.path): build it beside the benchmarks (swift build -c release --product kiosk) or set KIOSK")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-fanout-\(UUID().uuidString)")
        let created = try run(["accounts", "create", "--data-dir", directory.path, "--name", "Fan Out",
                               "--email", "fanout@bench.kiosk.test", "--json"])
        struct Created: Decodable { let api_key: String }
        let key = try JSONDecoder().decode(Created.self, from: created).api_key
        let adminKey = String(decoding: try run(["serve", "--data-dir", directory.path, "--print-admin-key"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)

        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--data-dir", directory.path, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        // `Serving on http://HOST:PORT` is the line the command prints once it accepts connections.
        var seen = Data()
        while !seen.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw BenchmarkSetupError.invalidFixture("kiosk serve stopped before serving: \(String(decoding: seen, as: UTF8.self))")
            }
            seen += chunk
        }
        let line = String(decoding: seen, as: UTF8.self).split(separator: "\n")[0]
        guard line.hasPrefix("Serving on "), let url = URL(string: String(line.dropFirst("Serving on ".count))) else {
            process.terminate()
            throw BenchmarkSetupError.invalidFixture("kiosk serve printed \(line)")
        }
        return ServeProcess(url: url, customerKey: key, adminKey: adminKey, process: process, directory: directory)
    }

    /// The server's resident set now and at its peak, in bytes, from `/proc`.
    func residentBytes() throws -> (now: Int, peak: Int) {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        func kilobytes(_ field: String) throws -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                  let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) })
            else { throw BenchmarkSetupError.invalidFixture("no \(field) in /proc/\(process.processIdentifier)/status") }
            return value * 1024
        }
        return (try kilobytes("VmRSS"), try kilobytes("VmHWM"))
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkSetupError.invalidFixture("kiosk \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return data
    }
}
