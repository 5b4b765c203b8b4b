// Written by scripts/generate-openapi: the SHA-256 of openapi.yaml followed by the generator's
// configuration, so a test can tell when the committed code no longer matches the contract.
package enum GeneratedFrom {
    package static let openAPIDocumentAndConfigurationSHA256 = "29cc84064028b3179b8a76fc66d6dd078d705bb45f6b9301605758d73f3dc1da"
}
