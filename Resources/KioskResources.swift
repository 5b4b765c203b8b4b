import Foundation

/// Files shipped with Kiosk (the default catalog, later themes and QA flows).
///
/// They live in a target of their own so every layer, and the tests, can reach the same copy
/// through `Bundle.module` instead of hard-coding paths into the build folder.
public enum KioskResources {
    /// The demo store's catalog, the embedded default when the user names none.
    public static var defaultCatalogURL: URL? {
        Bundle.module.url(forResource: "catalog", withExtension: "yaml")
    }

    /// The QA scenario library (`flows/*.yaml`) and the demo tour (`flows/demo/tour.yaml`).
    public static var flowsURL: URL? {
        Bundle.module.url(forResource: "flows", withExtension: nil)
    }
}
