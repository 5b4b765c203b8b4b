// swift-tools-version:6.1
import Foundation
import PackageDescription

// Kiosk's benchmarks, a package of their own so that building or testing Kiosk never compiles
// them or fetches the benchmark harness. Run from this folder: `swift package benchmark`.

// A package reached by path is named after its folder, which is whatever the clone was called.
let kiosk = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "KioskBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .executableTarget(
            name: "KioskBenchmarks",
            dependencies: [
                .product(name: "PaymentsCore", package: kiosk),
                .product(name: "Simulators", package: kiosk),
                .product(name: "StorefrontClient", package: kiosk),
                .product(name: "KioskViewModels", package: kiosk),
                .product(name: "KioskScreens", package: kiosk),
                .product(name: "TerminalUI", package: kiosk),
                .product(name: "KioskServer", package: kiosk),
                .product(name: "KioskPostgres", package: kiosk),
                .product(name: "KioskPostgresStore", package: kiosk),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The harness's plugin only serves targets whose folder sits in one named Benchmarks.
            path: "KioskBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
