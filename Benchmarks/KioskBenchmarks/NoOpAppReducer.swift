import KioskViewModels

/// The floor for the reducer benchmark: the app's state and actions, and no logic at all.
struct NoOpAppReducer: Reducer {
    func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> { .none }
}
