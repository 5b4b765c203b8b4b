import Foundation

/// The fields of an `application/x-www-form-urlencoded` body, as an HTML form posts them.
struct FormFields: Sendable {
    private var values: [String: String] = [:]

    init(body: String) {
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
            if values[name] == nil { values[name] = value }
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// Form encoding writes spaces as "+", then percent-encodes the rest.
    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// Encodes fields in the same format, for clients that submit the form.
    static func encode(_ fields: [(String, String)]) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return fields.map { name, value in
            let encodedName = name.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            let encodedValue = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            return "\(encodedName)=\(encodedValue)"
        }.joined(separator: "&")
    }
}
