import Foundation

/// The OpenAPI document the generated types, client and server come from, as shipped with Kiosk.
public enum KioskAPIDocument {
    public static func data() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "openapi.yaml"])
        }
        return try Data(contentsOf: url)
    }
}
