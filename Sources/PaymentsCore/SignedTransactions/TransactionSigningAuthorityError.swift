import Foundation

/// Why a party's signing chain could not be loaded, created or used. Every file-related case names the
/// file, so a damaged data directory can be repaired by hand instead of being silently regenerated.
public enum TransactionSigningAuthorityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No signing chain exists in the directory (only raised where creating one is not allowed).
    case noAuthority(directory: String)
    /// Some, but not all, of the chain's files exist; nothing is generated over them.
    case incompleteKeyDirectory(directory: String, missingFiles: [String])
    case unreadableFile(path: String, detail: String)
    case corruptFile(path: String, detail: String)
    /// A certificate in the directory was not issued by the certificate above it, or its key does not match.
    case inconsistentChain(path: String, detail: String)
    /// The intermediate CA can no longer issue leaves; a new chain (and new root) is needed.
    case intermediateExpired(path: String, notValidAfter: Date)
    case fileAlreadyExists(path: String)
    case writeFailed(path: String, detail: String)
    case keyGenerationFailed(String)
    case certificateIssuanceFailed(String)
    case unencodablePayload(String)
    case signingFailed(String)

    public var description: String {
        switch self {
        case .noAuthority(let directory):
            "no transaction signing authority in \(directory)"
        case .incompleteKeyDirectory(let directory, let missingFiles):
            "signing key directory \(directory) is incomplete; missing \(missingFiles.joined(separator: ", ")). "
                + "Restore the missing files, or remove the directory to start a new chain (earlier receipts will stop verifying)"
        case .unreadableFile(let path, let detail):
            "cannot read \(path): \(detail)"
        case .corruptFile(let path, let detail):
            "\(path) is corrupt: \(detail)"
        case .inconsistentChain(let path, let detail):
            "\(path) does not belong to this signing chain: \(detail)"
        case .intermediateExpired(let path, let notValidAfter):
            "intermediate CA in \(path) expired at \(notValidAfter.formatted(.iso8601)); remove the directory to start a new chain"
        case .fileAlreadyExists(let path):
            "refusing to overwrite existing \(path)"
        case .writeFailed(let path, let detail):
            "cannot write \(path): \(detail)"
        case .keyGenerationFailed(let detail):
            "cannot generate a P-256 key: \(detail)"
        case .certificateIssuanceFailed(let detail):
            "cannot issue certificate: \(detail)"
        case .unencodablePayload(let detail):
            "cannot encode transaction payload: \(detail)"
        case .signingFailed(let detail):
            "cannot sign transaction: \(detail)"
        }
    }
}

extension TransactionSigningAuthorityError {
    /// The chain on disk is partial, corrupt or mismatched (as a kill during creation leaves it),
    /// as opposed to an I/O failure or an expired intermediate.
    var isDamagedChain: Bool {
        switch self {
        case .incompleteKeyDirectory, .corruptFile, .inconsistentChain: true
        default: false
        }
    }
}
