/// The store's schema, one list for both engines: SQLite runs it through GRDB's migrator
/// (`StoreSchema` in PaymentsCore), PostgreSQL through `PostgresMigrator` (`PostgresStoreSchema`
/// in KioskPostgres). Migration N is the Nth of the list on both, recorded under its `id`.
/// Times are integer milliseconds since 1970 (UTC), money is integer minor units beside its
/// currency code. Every history a screen pages through has an index that matches its ORDER BY, so
/// a page costs the same at row 10 or row 10 million.
///
/// The history is kept, not squashed into a baseline: a store on any version upgrades by running
/// exactly the statements it would have run before this list replaced the two hand-written ones
/// (`StoreSchemaGoldenTests` compares them with golden files recorded from those). A new step is
/// appended at the end, written once (`SchemaMigration.Part.both`) unless the engines differ.
public enum StoreMigrations {
    public static let all: [SchemaMigration] = [
        v1, v2, v3, v4, v5, v6, v7, v8, v9, v10,
        v11, v12, v13, v14, v15, v16, v17, v18, v19, v20,
        v21, v22, v23, v24, v25, v26, v27, v28, v29, v30,
        v31, v32, v33,
    ]
}
