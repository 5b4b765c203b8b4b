import Foundation
import PaymentsCore

/// The fingerprints of an `authorized_keys` file (`--ssh-admin-keys`): blank lines and `#`
/// comments skipped, options before the key type allowed. A line with no key Kiosk can verify is
/// an error naming the file and line, so a tester's key is never silently left out.
public enum SSHAuthorizedKeys {
    public static func fingerprints(in url: URL) throws -> Set<String> {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw SSHAuthorizedKeysError(location: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        return try fingerprints(of: text, source: url.path)
    }

    public static func fingerprints(of text: String, source: String) throws -> Set<String> {
        var found: Set<String> = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let start = fields.firstIndex(where: { SSHPublicKey.supportedTypes.contains($0) }) else {
                throw SSHAuthorizedKeysError(location: "\(source):\(index + 1)", reason: """
                    has no \(SSHPublicKey.supportedTypes.joined(separator: ", ")) key (RSA keys cannot sign in: use `ssh-keygen -t ed25519`)
                    """)
            }
            do {
                found.insert(try SSHPublicKey(openSSHLine: fields[start...].joined(separator: " ")).fingerprint)
            } catch let error as PaymentsError {
                throw SSHAuthorizedKeysError(location: "\(source):\(index + 1)", reason: error.userMessage)
            }
        }
        return found
    }
}

public struct SSHAuthorizedKeysError: Error, CustomStringConvertible {
    public let location: String
    public let reason: String
    public var description: String { "\(location) \(reason)" }
}
