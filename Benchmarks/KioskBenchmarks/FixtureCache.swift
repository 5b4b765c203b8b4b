/// Builds an expensive fixture once per benchmark process and hands the same one to every
/// iteration, so setup never lands inside a measurement.
actor FixtureCache<Value: Sendable> {
    private var value: Value?
    private let make: @Sendable () async throws -> Value

    init(_ make: @escaping @Sendable () async throws -> Value) {
        self.make = make
    }

    func get() async throws -> Value {
        if let value { return value }
        let made = try await make()
        value = made
        return made
    }

    /// Hands the fixture over for cleanup (nil if no iteration ever built it) and forgets it.
    func take() -> Value? {
        defer { value = nil }
        return value
    }
}
