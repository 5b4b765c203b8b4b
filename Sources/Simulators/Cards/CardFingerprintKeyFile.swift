import Foundation
import PaymentsCore

/// The simulated processor's fingerprint secret on disk (`card-processor.key` in the data
/// directory): the processor's own state, as Stripe keeps its fingerprint key, so it lives
/// beside the store and never in the merchant's tables. Owner-only, written once.
public struct CardFingerprintKeyFile: Sendable {
    public static let fileName = "card-processor.key"
    public let url: URL
    private let directory: DataDirectory

    public init(_ directory: DataDirectory) {
        self.directory = directory
        url = directory.url.appendingPathComponent(Self.fileName)
    }

    /// The kept key, or a new one from `random` kept for next time. Processes opening one data
    /// directory at once agree on a single key (the directory lock serialises the first write).
    /// A key file others could read (a copied or restored directory) is made owner-only first.
    public func loadOrCreate(using random: RandomSource) throws -> CardFingerprintKey {
        try directory.create()
        try OwnerOnlyFiles.tightenFile(url)
        return try DirectoryLock.withLock(in: directory.url) {
            if let kept = try load() { return kept }
            let key = random.with { CardFingerprintKey(using: &$0) }
            try OwnerOnlyFiles.write(Data((key.fileText + "\n").utf8), to: url)
            return key
        }
    }

    private func load() throws -> CardFingerprintKey? {
        guard let data = try OwnerOnlyFiles.readIfPresent(url) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let key = CardFingerprintKey(fileText: text) else {
            throw PaymentsError.storage(
                "\(url.path) does not hold a card fingerprint key (two hex numbers joined by ':'): remove it to make a new one")
        }
        return key
    }
}
