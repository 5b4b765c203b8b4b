// swift-tools-version:6.1
// The OpenAPI generator, kept out of Kiosk's own build: as a build plugin it compiled the
// generator and its YAML and OpenAPI libraries (about 330 files, before anything of Kiosk) on
// every clean build. `scripts/generate-openapi` runs it; its output is committed in
// Sources/KioskAPI/Generated.
import PackageDescription

let package = Package(
    name: "KioskOpenAPIGenerator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: []
)
