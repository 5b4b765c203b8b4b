/// The store's numbered things: each has its own counter, and its raw value is both the
/// counter's name and the prefix of the ids it numbers ("sub_000042", "INV-000007").
///
/// A closed set because PostgreSQL keeps each counter as a sequence object made by a migration
/// (`kiosk_seq_<name>`, see `StoreMigrations.baseline`): a new case needs a migration making its
/// sequence, and `StoreSequenceTests` fails until it has one.
enum StoreSequence: String, CaseIterable, Sendable {
    case account = "acct"
    case paymentMethod = "pm"
    case invoice = "INV"
    case subscription = "sub"
    case purchase = "pur"
    case testClock = "clock"
    case pendingAction = "pend"
    case transaction

    /// What joins the prefix and the number: invoices read "INV-000007", everything else "sub_000042".
    var separator: String { self == .invoice ? "-" : "_" }
}
