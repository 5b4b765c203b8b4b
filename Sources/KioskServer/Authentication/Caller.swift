/// Who sent the request being handled, as the authentication middleware established it.
///
/// Handlers read it from a task-local rather than from the generated `Input`, because the
/// contract's security schemes are not part of the generated types.
enum Caller: Sendable, Equatable {
    case anonymous
    case customer(accountID: String)
    case admin

    @TaskLocal static var current: Caller = .anonymous
}
