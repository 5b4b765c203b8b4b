import Foundation
import PaymentsCore
import Synchronization

/// Where the processor's tokenizer gets its fingerprint key: given, or the data directory's key
/// file, read (or made) the first time a card is vaulted rather than when the store opens, since
/// showing a store, its status or a first frame never needs it. Loaded once, under a lock, so
/// sessions vaulting at once read the file once; a failure is not kept, so the next card tries
/// again once the file is mended.
final class CardFingerprintKeySource: Sendable {
    private let file: CardFingerprintKeyFile?
    private let random: RandomSource
    private let loaded: Mutex<CardTokenizer?>

    init(key: CardFingerprintKey) {
        file = nil
        random = RandomSource()
        loaded = Mutex(CardTokenizer(fingerprintKey: key))
    }

    init(file: CardFingerprintKeyFile, random: RandomSource) {
        self.file = file
        self.random = random
        loaded = Mutex(nil)
    }

    /// The tokenizer, its key loaded (or made, owner-only) on first use; refused with the key
    /// file's path and why when it cannot be.
    func tokenizer() throws(CardVaultRefusal) -> CardTokenizer {
        let (file, random) = (file, random)
        return try loaded.withLock { (tokenizer: inout CardTokenizer?) throws(CardVaultRefusal) -> CardTokenizer in
            if let tokenizer { return tokenizer }
            guard let file else { throw .processorUnavailable("the card processor has no fingerprint key") }
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
