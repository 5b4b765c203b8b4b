/// Counter values a unit of work drew ahead, in one statement, for ids it is about to use (see
/// `UnitOfWork.reserveIDs`); each is handed out once, then the counter is asked again.
final class ReservedIDs: @unchecked Sendable {
    /// Touched only by the one task running the unit of work's transaction.
    private var numbers: [StoreSequence: Int64] = [:]

    func keep(_ number: Int64, for sequence: StoreSequence) {
        numbers[sequence] = number
    }

    func take(_ sequence: StoreSequence) -> Int64? {
        numbers.removeValue(forKey: sequence)
    }
}
