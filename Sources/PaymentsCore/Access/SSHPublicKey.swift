import Crypto
import Foundation

/// A customer's SSH public key in OpenSSH's one-line form (`ssh-ed25519 AAAA… comment`), known by
/// its SHA256 fingerprint as `ssh-keygen -l` prints it. Only the types the SSH server can verify
/// are accepted, so a key bound here can really sign in.
public struct SSHPublicKey: Sendable, Hashable {
    /// What the server verifies (swift-nio-ssh): no RSA, no DSA.
    public static let supportedTypes = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521"]
    /// Longer than any supported key's line (an ECDSA P-521 key is about 270 characters).
    static let maximumLength = 4_096

    public let type: String
    /// The key's wire form (RFC 4253 §6.6), base64 in the line.
    public let blob: Data

    /// Parses `line`; the comment, if any, is dropped.
    public init(openSSHLine line: String) throws {
        guard line.utf8.count <= Self.maximumLength else {
            throw PaymentsError.invalidInput(field: "ssh_key", message: "must be at most \(Self.maximumLength) characters")
        }
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 2 else {
            throw PaymentsError.invalidInput(field: "ssh_key", message: "expected 'TYPE BASE64 [comment]', as in a .pub file")
        }
        let type = String(fields[0])
        guard Self.supportedTypes.contains(type) else {
            throw PaymentsError.invalidInput(field: "ssh_key", message: """
                '\(type)' keys are not supported (use one of \(Self.supportedTypes.joined(separator: ", ")); \
                make one with `ssh-keygen -t ed25519`)
                """)
        }
        guard let blob = Data(base64Encoded: String(fields[1])), Self.wireType(of: blob) == type else {
            throw PaymentsError.invalidInput(field: "ssh_key", message: "the key's base64 part is not a \(type) key")
        }
        self.type = type
        self.blob = blob
    }

    /// `SHA256:` and the unpadded base64 of the blob's digest, as OpenSSH shows it.
    public var fingerprint: String {
        Self.fingerprint(ofBlob: blob)
    }

    /// The line without a comment.
    public var line: String {
        "\(type) \(blob.base64EncodedString())"
    }

    public static func fingerprint(ofBlob blob: Data) -> String {
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.replacingOccurrences(of: "=", with: "")
    }

    /// The algorithm name the blob starts with (a uint32 length, then the name).
    private static func wireType(of blob: Data) -> String? {
        let bytes = [UInt8](blob)
        guard bytes.count >= 4 else { return nil }
        let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, length <= 64, bytes.count >= 4 + length else { return nil }
        return String(bytes: bytes[4..<(4 + length)], encoding: .utf8)
    }
}

/// One key bound to an account, as `kiosk accounts ssh-keys --list` shows it.
public struct SSHKeyBinding: Sendable, Hashable, Codable {
    public let fingerprint: String
    public let accountID: String
    public let publicKey: String
    public let createdAt: Date

    public init(fingerprint: String, accountID: String, publicKey: String, createdAt: Date) {
        self.fingerprint = fingerprint
        self.accountID = accountID
        self.publicKey = publicKey
        self.createdAt = createdAt
    }
}
