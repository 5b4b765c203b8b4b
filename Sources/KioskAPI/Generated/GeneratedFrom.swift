// Written by scripts/generate-openapi: the SHA-256 of openapi.yaml followed by the generator's
// configuration, so a test can tell when the committed code no longer matches the contract.
package enum GeneratedFrom {
    package static let openAPIDocumentAndConfigurationSHA256 = "d74f29aaf2a53698ec048e83d57601de3801d91151924efc2e66c366d065b903"
}
