import Crypto
import Foundation
import PaymentsCore

/// The server's admin key for the test-control API, kept in the data directory.
///
/// Created on first start as `admin.key` (owner-only, staged and renamed, so a crash never leaves
/// half a key); compared by SHA-256 digest in constant time.
public struct AdminKey: Sendable {
    public let value: String
    private let digest: [UInt8]

    public static let fileName = "admin.key"
    static let prefix = "kiosk_admin_"

    init(value: String) {
        self.value = value
        self.digest = Array(SHA256.hash(data: Data(value.utf8)))
    }

    func matches(_ candidate: String) -> Bool {
        guard candidate.utf8.count <= 256 else { return false }
        let candidateDigest = Array(SHA256.hash(data: Data(candidate.utf8)))
        var difference: UInt8 = 0
        for (left, right) in zip(candidateDigest, digest) { difference |= left ^ right }
        return difference == 0
    }

    /// Reads the data directory's admin key, creating it if there is none yet.
    public static func loadOrCreate(in directory: URL, using generator: inout some RandomNumberGenerator) throws -> AdminKey {
        let url = directory.appendingPathComponent(fileName)
        try OwnerOnlyFiles.tightenFile(url)
        if let key = try read(url) { return key }
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let value = prefix + bytes.map { String(format: "%02x", $0) }.joined()
        try OwnerOnlyFiles.write(Data((value + "\n").utf8), to: url)
        return AdminKey(value: value)
    }

    private static func read(_ url: URL) throws -> AdminKey? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let text = try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix(prefix), text.count > prefix.count else { throw AdminKeyError.malformed(url.path) }
        return AdminKey(value: text)
    }
}

public enum AdminKeyError: Error, CustomStringConvertible {
    case malformed(String)

    public var description: String {
        switch self {
        case let .malformed(path): "\(path) does not hold a Kiosk admin key; delete it to have a new one made"
        }
    }
}
