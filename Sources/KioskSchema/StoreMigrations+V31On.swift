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

    /// Settles the sheet's requests left `approving` by an approval cut short in a store older
    /// than v27 (the App Store now approves and sells in one write): one whose purchase was made
    /// (its approval's key names a sale) is approved; any other waits again, as it always showed.
    static let v33 = SchemaMigration("v31-appstore-settled-approvals", [
        .both("""
            UPDATE appstore_pending_actions SET resolution = 'approved' WHERE resolution = 'approving' AND EXISTS (
                SELECT 1 FROM appstore_purchase_keys k
                WHERE k.key = 'approval:' || appstore_pending_actions.id AND k.transaction_id IS NOT NULL);
            UPDATE appstore_pending_actions SET resolution = NULL, resolved_at = NULL WHERE resolution = 'approving';
            """),
    ])
}
