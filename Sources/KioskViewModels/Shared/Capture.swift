/// Runs a throwing call and turns any failure into a `ScreenError`, so effect results can
/// travel in Equatable actions.
func capture<Value: Sendable>(_ body: () async throws -> Value) async -> Result<Value, ScreenError> {
    do {
        return .success(try await body())
    } catch {
        return .failure(ScreenError(error))
    }
}
