import Crypto
import Foundation
import NIOSSH
import PaymentsCore

/// The server's ed25519 host key: made on first start, kept owner-only in the data directory
/// (with PostgreSQL, one of the keys the servers of a store share), so clients see one host key
/// for the life of the store.
public struct SSHHostKey: Sendable {
    public static let fileName = "ssh-host-key"

    let nioKey: NIOSSHPrivateKey

    private init(_ key: Curve25519.Signing.PrivateKey) {
        nioKey = NIOSSHPrivateKey(ed25519Key: key)
    }

    /// A key made now, kept nowhere: a throwaway server's (tests, benchmarks).
    public static func ephemeral() -> SSHHostKey {
        SSHHostKey(Curve25519.Signing.PrivateKey())
    }

    /// Reads the directory's key, making it first when there is none.
    public static func loadOrCreate(in directory: URL) throws -> SSHHostKey {
        let url = directory.appendingPathComponent(fileName)
        if let data = try OwnerOnlyFiles.readIfPresent(url) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let raw = Data(base64Encoded: text) else {
                throw SSHHostKeyError(path: url.path, reason: "is not a base64 ed25519 key")
            }
            do {
                return SSHHostKey(try Curve25519.Signing.PrivateKey(rawRepresentation: raw))
            } catch {
                throw SSHHostKeyError(path: url.path, reason: "is not an ed25519 key (\(error))")
            }
        }
        let key = Curve25519.Signing.PrivateKey()
        try OwnerOnlyFiles.write(Data((key.rawRepresentation.base64EncodedString() + "\n").utf8), to: url)
        return SSHHostKey(key)
    }

    /// `SHA256:…`, as `ssh-keygen -l` and the client's first-connection prompt show it.
    public var fingerprint: String {
        let line = String(openSSHPublicKey: nioKey.publicKey)
        let blob = line.split(separator: " ").dropFirst().first.flatMap { Data(base64Encoded: String($0)) } ?? Data()
        return SSHPublicKey.fingerprint(ofBlob: blob)
    }
}

public struct SSHHostKeyError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "the SSH host key \(path) \(reason)" }
}
