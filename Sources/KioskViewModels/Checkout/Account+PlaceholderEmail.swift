import PaymentsCore

extension Account {
    /// The account has no real email yet: a new SSH key's account starts with
    /// `ssh-…@ssh.invalid` (AccountRules.sshAccount; `.invalid` never delivers). Its first
    /// purchase asks for one, for receipts.
    public var hasPlaceholderEmail: Bool { email.lowercased().hasSuffix("@ssh.invalid") }
}
