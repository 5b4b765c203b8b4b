// Written by scripts/generate-openapi: the SHA-256 of openapi.yaml followed by the generator's
// configuration, so a test can tell when the committed code no longer matches the contract.
package enum GeneratedFrom {
    package static let openAPIDocumentAndConfigurationSHA256 = "fe0ec5522dc6945a15eb28cc339ea2d660138218fdd8921ff033c05e3fad672c"
}
