import Foundation

/// The "create account" form.
public struct NewAccountForm: Hashable, Sendable {
    public var name = ""
    public var email = ""

    public init() {}

    /// Trimmed fields, or what is missing.
    func validated() -> Result<(name: String, email: String), ScreenError> {
        let name = name.trimmingCharacters(in: .whitespaces)
        let email = email.trimmingCharacters(in: .whitespaces)
        if name.isEmpty { return .failure(ScreenError(message: "Enter a name.")) }
        guard email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@") else {
            return .failure(ScreenError(message: "Enter an email address like ada@example.com."))
        }
        return .success((name, email))
    }
}
