extension StoreMigrations {

    /// An SSH customer is known by the SHA256 fingerprint of a public key: several keys may open one
    /// account, a key opens only one. The key itself is kept (public, OpenSSH one-line form) so
    /// `kiosk accounts ssh-keys --list` can show what it is.
    static let v31 = SchemaMigration("v31-ssh-keys", [
        .both("""
            CREATE TABLE ssh_keys (
                fingerprint TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
                public_key TEXT NOT NULL, created_at INTEGER NOT NULL);
            CREATE INDEX ssh_keys_account ON ssh_keys(account_id);
            """),
    ])

    /// A hosted checkout paid with a card the customer had saved already charges that saved
    /// method; only a card the session itself added is removed when its charge fails. Sessions
    /// charging before this step always added their own card.
    static let v32 = SchemaMigration("v32-money3-checkout-saved-card", [
        .both("""
            ALTER TABLE checkout_sessions ADD COLUMN purchase_method_added INTEGER NOT NULL DEFAULT 1;
            """),
    ])
}
