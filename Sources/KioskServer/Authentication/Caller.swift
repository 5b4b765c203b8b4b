/// Who sent the request being handled, as the authentication middleware established it.
///
/// Handlers read it from a task-local rather than from the generated `Input`, because the
/// contract's security schemes are not part of the generated types.
enum Caller: Sendable, Equatable {
    case anonymous
    case customer(accountID: String)
    case admin

    @TaskLocal static var current: Caller = .anonymous
    /// The customer key the request presented, so a long-lived answer (the event stream) can
    /// check that it still opens the account after a rotation or revocation.
    @TaskLocal static var customerKey: String?
}
