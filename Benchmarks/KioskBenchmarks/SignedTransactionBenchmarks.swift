import Benchmark
import Crypto
import PaymentsCore

/// Signed transactions verified per second with a warm chain cache (the steady state: one store,
/// many transactions), beside one raw P-256 signature check of the same token with swift-crypto.
/// Budget: >= 50% of the baseline.
enum SignedTransactionBenchmarks {
    static var configuration: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(3))
    }

    static func register() throws {
        let fixture = try SignedTransactionFixture()
        Benchmark("Signed transactions: TransactionVerifier.verify (cached chain)",
                  configuration: configuration) { benchmark async in
            guard case .verified = await fixture.verifier.verify(fixture.jws, at: fixture.now) else {
                benchmark.error("the fixture transaction does not verify")
                return
            }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(await fixture.verifier.verify(fixture.jws, at: fixture.now))
            }
        }
        Benchmark("Signed transactions: baseline raw P256 verify", configuration: configuration) { benchmark throws in
            let key = try P256.Signing.PublicKey(x963Representation: fixture.leafKey)
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: fixture.signature)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(key.isValidSignature(signature, for: fixture.signingInput))
            }
        }
    }
}
