import Benchmark
import Foundation
import PaymentsCore

/// URLs classified per second over a mixed corpus, beside parsing the same URLs with Foundation's
/// `URLComponents` (host, path and query items read, since classification needs all three).
/// Budget: >= 50% of the baseline.
enum RedirectDetectorBenchmarks {
    static var configuration: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(3))
    }

    static func register() throws {
        let detector = try RedirectDetector(returnURL: RedirectCorpus.returnURL, cancelURL: RedirectCorpus.cancelURL,
                                            state: RedirectCorpus.state)
        let corpus = RedirectCorpus.urls(count: BenchmarkScalingFactor.kilo.rawValue)
        Benchmark("Redirect detector: RedirectDetector.classify", configuration: configuration) { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(detector.classify(corpus[index]))
            }
        }
        Benchmark("Redirect detector: baseline URLComponents parse", configuration: configuration) { benchmark in
            for index in benchmark.scaledIterations {
                let components = URLComponents(string: corpus[index])
                blackHole(components?.host)
                blackHole(components?.path)
                blackHole(components?.queryItems)
            }
        }
    }
}
