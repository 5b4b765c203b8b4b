// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Kiosk",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kiosk", targets: ["kiosk"]),
        .executable(name: "kiosk-server", targets: ["kiosk-server"]),
        .library(name: "PaymentsCore", targets: ["PaymentsCore"]),
        .library(name: "Simulators", targets: ["Simulators"]),
        .library(name: "StorefrontClient", targets: ["StorefrontClient"]),
        .library(name: "KioskViewModels", targets: ["KioskViewModels"]),
        .library(name: "KioskScreens", targets: ["KioskScreens"]),
        .library(name: "KioskQA", targets: ["KioskQA"]),
        // For the benchmark package in Benchmarks/ (kept apart so `swift build` never compiles it).
        .library(name: "KioskServer", targets: ["KioskServer"]),
        .library(name: "KioskPostgres", targets: ["KioskPostgres"]),
        .library(name: "KioskPostgresStore", targets: ["KioskPostgresStore"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
    ],
    targets: [
        .target(
            name: "KioskResources",
            path: "Resources",
            resources: [.copy("catalog.yaml"), .copy("flows")]
        ),
        // The store's schema, written once for SQLite and PostgreSQL; no dependencies.
        .target(name: "KioskSchema"),
        .target(
            name: "PaymentsCore",
            dependencies: [
                "KioskSchema",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        .target(
            name: "Simulators",
            dependencies: ["PaymentsCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "KioskHTTP",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "HostedCheckout",
            dependencies: [
                "PaymentsCore", "KioskHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "KioskAPIMapping",
            dependencies: ["KioskAPI", "PaymentsCore"]
        ),
        .target(
            name: "KioskAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // Generated/ is scripts/generate-openapi's output from openapi.yaml.
            resources: [.copy("openapi.yaml")]
        ),
        .target(
            name: "KioskServer",
            dependencies: [
                "KioskAPI", "KioskAPIMapping", "PaymentsCore", "KioskHTTP",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "StorefrontClient",
            dependencies: ["PaymentsCore"]
        ),
        .target(
            name: "KioskViewModels",
            dependencies: ["PaymentsCore", "StorefrontClient"]
        ),
        .target(
            name: "KioskPostgres",
            dependencies: [
                "KioskSchema",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "KioskPostgresStore",
            dependencies: [
                "PaymentsCore", "KioskPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "KioskRemoteClient",
            dependencies: [
                "KioskAPI", "KioskAPIMapping", "PaymentsCore", "StorefrontClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .systemLibrary(
            name: "CNCurses",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .systemLibrary(
            name: "CQRencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .target(
            name: "TerminalUI",
            dependencies: ["CNCurses", "CQRencode"]
        ),
        .target(
            name: "KioskScreens",
            dependencies: ["TerminalUI", "KioskViewModels", "PaymentsCore", "StorefrontClient"]
        ),
        .target(
            name: "KioskQA",
            dependencies: [
                "KioskScreens", "KioskViewModels", "PaymentsCore", "Simulators", "StorefrontClient", "TerminalUI",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "KioskSSH",
            dependencies: [
                "PaymentsCore",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command line, shared by both executables; without the server stack (`ServerStack`).
        .target(
            name: "KioskCommandLine",
            dependencies: [
                "KioskQA", "PaymentsCore", "Simulators", "KioskViewModels", "KioskScreens", "StorefrontClient",
                "TerminalUI", "HostedCheckout", "KioskResources",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["BuildInfo"]
        ),
        // The terminal: `kiosk run` and the local tools; a small binary starts fast (BENCHMARKS.md).
        .executableTarget(
            name: "kiosk",
            dependencies: ["KioskCommandLine"],
            linkerSettings: lld
        ),
        // The same command line with the servers, PostgreSQL and the served API's client, which
        // `kiosk` hands `serve`, `accounts`, `run --server` and `--database` to.
        .executableTarget(
            name: "kiosk-server",
            dependencies: [
                "KioskCommandLine",
                "PaymentsCore",
                "Simulators",
                "KioskViewModels",
                "KioskScreens",
                "StorefrontClient",
                "TerminalUI",
                "HostedCheckout",
                "KioskAPI",
                "KioskServer",
                "KioskRemoteClient",
                "KioskPostgres",
                "KioskPostgresStore",
                "KioskSchema",
                "KioskSSH",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            linkerSettings: lld
        ),
        .plugin(name: "BuildInfo", capability: .buildTool(), path: "Plugins/BuildInfo"),
        .target(
            name: "TestSupport",
            dependencies: [
                "TerminalUI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "PaymentsCoreTests",
            dependencies: [
                "TestSupport",
                "PaymentsCore", "Simulators", "KioskResources", "KioskPostgres", "KioskPostgresStore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "SimulatorsTests",
            dependencies: ["Simulators", "PaymentsCore", "TestSupport"]
        ),
        .testTarget(
            name: "HostedCheckoutTests",
            dependencies: [
                "HostedCheckout", "PaymentsCore", "Simulators", "KioskCommandLine", "kiosk-server", "KioskHTTP", "KioskServer", "TestSupport",
                "KioskRemoteClient", "KioskViewModels", "StorefrontClient",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "KioskServerTests",
            dependencies: [
                "KioskServer", "KioskAPI", "PaymentsCore", "Simulators", "KioskResources", "KioskRemoteClient", "KioskViewModels",
                "StorefrontClient", "TestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "KioskViewModelsTests",
            dependencies: [
                "TestSupport",
                "KioskViewModels", "PaymentsCore", "Simulators", "StorefrontClient",
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ]
        ),
        .testTarget(
            name: "KioskPostgresTests",
            dependencies: [
                "KioskPostgres", "KioskPostgresStore", "PaymentsCore", "TestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["__Schema__"]
        ),
        .testTarget(
            name: "KioskSSHTests",
            dependencies: [
                "KioskSSH", "PaymentsCore", "Simulators", "KioskResources", "TestSupport",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "TestSupport"]
        ),
        .testTarget(
            name: "KioskScreensTests",
            dependencies: [
                "TestSupport",
                "KioskScreens", "KioskViewModels", "TerminalUI", "PaymentsCore", "Simulators", "KioskResources",
                "StorefrontClient",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "KioskQATests",
            dependencies: ["KioskQA", "KioskScreens", "KioskViewModels", "PaymentsCore", "Simulators", "TerminalUI", "KioskResources"]
        ),
        .testTarget(
            name: "FuzzTests",
            dependencies: ["PaymentsCore", "KioskQA", "TerminalUI", "HostedCheckout", "KioskAPI"]
        ),
        .testTarget(
            name: "kioskTests",
            dependencies: [
                "kiosk", "kiosk-server", "KioskCommandLine", "PaymentsCore", "Simulators", "KioskResources", "KioskAPI", "TestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "KioskViewModels", "KioskServer", "KioskSSH",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: lld
        ),
    ]
)

/// The toolchain's lld for the two binaries every build links (the kiosk executable and the
/// test bundle, a few hundred MB each in debug): half gold's time on this machine (25 s -> 12 s
/// for the test bundle), on every incremental build. Only on targets no other package uses
/// (a dependency may not carry unsafe flags).
var lld: [LinkerSetting] { [.unsafeFlags(["-use-ld=lld"])] }
