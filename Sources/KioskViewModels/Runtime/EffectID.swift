/// The name under which an effect's operations run, so a later effect can cancel them.
///
/// Any `Hashable & Sendable` value names an effect; the box only erases its type, which is safe
/// to send because every value put in it is itself `Sendable`.
struct EffectID: Hashable, @unchecked Sendable {
    private let value: AnyHashable

    init(_ value: some Hashable & Sendable) {
        self.value = AnyHashable(value)
    }
}
