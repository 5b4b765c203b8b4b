import Crypto
import Foundation
import KioskAPI
import Testing

/// The generated types, client and server are committed (the generator is not part of the build),
/// so a contract edited without running `scripts/generate-openapi` must fail here, not ship.
@Suite struct GeneratedAPICodeTests {
    @Test func theCommittedCodeWasGeneratedFromTheContractAsItIsNow() throws {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let configuration = try Data(contentsOf: repository.appending(path: "scripts/openapi/openapi-generator-config.yaml"))
        let digest = SHA256.hash(data: try KioskAPIDocument.data() + configuration)
        let hex = digest.map { String(format: "%02x", $0) }.joined()
        #expect(hex == GeneratedFrom.openAPIDocumentAndConfigurationSHA256,
                "Sources/KioskAPI/Generated is older than openapi.yaml: run scripts/generate-openapi")
    }
}
