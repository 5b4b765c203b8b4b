import StorefrontClient

/// Where preferences are kept, injected so the reducer never touches files itself.
public struct PreferencesClient: Sendable {
    public var load: @Sendable () async throws -> Preferences
    public var save: @Sendable (Preferences) async throws -> Void

    public init(load: @escaping @Sendable () async throws -> Preferences,
                save: @escaping @Sendable (Preferences) async throws -> Void) {
        self.load = load
        self.save = save
    }

    /// Defaults on every launch and nothing written: for hosts without a place to keep them.
    public static var defaults: PreferencesClient {
        PreferencesClient(load: { Preferences() }, save: { _ in })
    }

    public static var failing: PreferencesClient {
        PreferencesClient(load: { throw UnstubbedCall("preferences.load") },
                          save: { _ in throw UnstubbedCall("preferences.save") })
    }
}
