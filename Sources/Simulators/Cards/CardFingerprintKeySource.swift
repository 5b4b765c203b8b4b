import Foundation
import PaymentsCore
import Synchronization

/// Where the processor's tokenizer gets its fingerprint key: given, or the data directory's key
/// file, read (or made) the first time a card is vaulted rather than when the store opens, since
/// showing a store, its status or a first frame never needs it. Loaded once, under a lock, so
/// sessions vaulting at once read the file once; a failure is not kept, so the next card tries
/// again once the file is mended.
final class CardFingerprintKeySource: Sendable {
    /// Where a missing key is read or made from; nil when the key was given.
    private let origin: (file: CardFingerprintKeyFile, random: RandomSource)?
    private let loaded: Mutex<CardTokenizer?>

    init(key: CardFingerprintKey) {
        origin = nil
        loaded = Mutex(CardTokenizer(fingerprintKey: key))
    }

    init(file: CardFingerprintKeyFile, random: RandomSource) {
        origin = (file, random)
        loaded = Mutex(nil)
    }

    /// The tokenizer, its key loaded (or made, owner-only) on first use; refused with the key
    /// file's path and why when it cannot be.
    func tokenizer() throws(CardVaultRefusal) -> CardTokenizer {
        let origin = origin
        return try loaded.withLock { (tokenizer: inout CardTokenizer?) throws(CardVaultRefusal) -> CardTokenizer in
            if let tokenizer { return tokenizer }
            guard let (file, random) = origin else { throw .processorUnavailable("the card processor has no fingerprint key") }
            do {
                let made = CardTokenizer(fingerprintKey: try file.loadOrCreate(using: random))
                tokenizer = made
                return made
            } catch {
                let reason = if case let PaymentsError.storage(reason) = error { reason } else { "\(error)" }
                throw .processorUnavailable("the card processor's key cannot be used: "
                                            + (reason.contains(file.url.path) ? reason : "\(file.url.path): \(reason)"))
            }
        }
    }
}
