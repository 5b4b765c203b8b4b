import Foundation
import Testing

/// Runs a parser over its committed seed corpus (`Fuzz/corpus/<target>/`) and then over
/// deterministic mutations of it. Passing means nothing trapped, hung or leaked an exception the
/// parser's signature does not allow; each target's own checks run inside `body`.
///
/// `KIOSK_FUZZ_ITERATIONS` sets the mutations per target (default 200, so the ordinary test run
/// stays quick; `.ci/fuzz` runs more) and `KIOSK_FUZZ_SEED` the generator's seed. When
/// `KIOSK_FUZZ_ARTIFACTS` names a directory, each input is written there before it runs, so the
/// one that crashed the process is left behind as `<target>.input` to become a unit test.
enum FuzzHarness {
    static var iterations: Int {
        ProcessInfo.processInfo.environment["KIOSK_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 200
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["KIOSK_FUZZ_SEED"].flatMap(UInt64.init) ?? 17
    }

    static let corpusRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus", isDirectory: true)

    static func corpus(_ target: String) throws -> [[UInt8]] {
        let folder = corpusRoot.appendingPathComponent(target, isDirectory: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    static func run(_ target: String, dictionary: [String], extraSeeds: [[UInt8]] = [],
                    body: ([UInt8]) async throws -> Void) async throws {
        let seeds = try corpus(target) + extraSeeds
        #expect(!seeds.isEmpty, "no seed corpus in Fuzz/corpus/\(target)")
        let artifact = ProcessInfo.processInfo.environment["KIOSK_FUZZ_ARTIFACTS"].map {
            URL(fileURLWithPath: $0).appendingPathComponent("\(target).input")
        }
        var mutator = FuzzMutator(seed: seed, dictionary: dictionary)
        for input in seeds {
            try await runOne(input, artifact: artifact, body: body)
        }
        for iteration in 0..<iterations {
            let input = mutator.mutate(seeds[iteration % seeds.count], others: seeds)
            try await runOne(input, artifact: artifact, body: body)
        }
        if let artifact { try? FileManager.default.removeItem(at: artifact) }
    }

    private static func runOne(_ input: [UInt8], artifact: URL?, body: ([UInt8]) async throws -> Void) async throws {
        if let artifact { try Data(input).write(to: artifact) }
        try await body(input)
    }
}
