// Written by scripts/generate-openapi: the SHA-256 of openapi.yaml followed by the generator's
// configuration, so a test can tell when the committed code no longer matches the contract.
package enum GeneratedFrom {
    package static let openAPIDocumentAndConfigurationSHA256 = "aa658b871c5fee2d5363506867015e5ed9933075963264de8d4c8a73e8347f9d"
}
