/// Where a store's named snapshot lives: a schema beside the store's, named from the store's
/// schema and the snapshot's name (an md5 prefix, since names may hold characters a schema name
/// may not and the two together may pass 63 bytes), with the snapshot's name as its comment.
public enum PostgresSnapshotSchema {
    /// SQL naming the copy's schema, given SQL for the store's schema and for the snapshot's name.
    public static func name(store: String, snapshot: String) -> String {
        "'kiosk_snapshot_' || left(md5(\(store) || '/' || \(snapshot)), 24)"
    }

    /// SQL listing (`nspname`, `name`) the snapshots of the store whose schema `store` names.
    public static func list(store: String) -> String {
        """
        SELECT n.nspname, d.description AS name FROM pg_namespace n
        JOIN pg_description d ON d.objoid = n.oid AND d.classoid = CAST('pg_namespace' AS regclass)
        WHERE n.nspname = \(name(store: store, snapshot: "d.description"))
        """
    }
}
