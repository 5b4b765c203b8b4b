import Foundation

/// A store transaction as the client receives it: the compact JWS and what it says.
///
/// The payload is carried for convenience; trust comes only from verifying `jws`
/// (`LocalPaymentsService.verifyTransaction`), exactly as with StoreKit 2's `VerificationResult`.
///
/// A transaction the store has just recorded is not signed yet (see `TransactionToken`): its
/// ES256 signature is made the first time `jws` is read, so a purchase or renewal does not pay
/// for a signature nobody may ever look at.
public struct SignedTransaction: Hashable, Sendable, Codable {
    public var payload: TransactionPayload
    private var token: TransactionToken

    /// The compact JWS, signed on first read when the transaction was recorded unsigned; a
    /// signature that cannot be made is a storage error, never a token without one.
    public var jws: String {
        get throws { try token.compact() }
    }

    public init(jws: String, payload: TransactionPayload) {
        self.payload = payload
        self.token = TransactionToken(signed: jws)
    }

    init(payload: TransactionPayload, token: TransactionToken) {
        self.payload = payload
        self.token = token
    }

    /// A transaction whose token `sign` makes on first read (tests inject a failing signer).
    init(payload: TransactionPayload, encodedPayload: Data, sign: @escaping TransactionToken.Signer) {
        self.payload = payload
        self.token = TransactionToken(encodedPayload: encodedPayload, sign: sign)
    }

    /// The payload bytes the token will sign, nil once signed: what an answer stored inside a write
    /// keeps instead of the token (see `encode(to:)` and `PurchaseAnswerJSON`).
    var payloadBytesToSign: Data? { token.bytesToSign }

    private enum CodingKeys: String, CodingKey { case jws, payload, payloadJSON }

    /// A value encoded without its token (see `encode(to:)`) takes it from the decoder's
    /// `TransactionTokenLookup`: the row's token, or one signed when first read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let payload: TransactionPayload
        let json = try container.decodeIfPresent(String.self, forKey: .payloadJSON)
        if let json {
            do {
                payload = try TransactionJSONCoding.makeDecoder().decode(TransactionPayload.self, from: Data(json.utf8))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .payloadJSON, in: container,
                                                       debugDescription: "the transaction's payload: \(error)")
            }
        } else {
            payload = try container.decode(TransactionPayload.self, forKey: .payload)
        }
        if let jws = try container.decodeIfPresent(String.self, forKey: .jws) {
            self.init(jws: jws, payload: payload)
            return
        }
        guard let lookup = decoder.userInfo[TransactionTokenLookup.userInfoKey] as? TransactionTokenLookup else {
            throw DecodingError.keyNotFound(CodingKeys.jws, .init(
                codingPath: container.codingPath, debugDescription: "a transaction without its token"))
        }
        self.init(payload: payload, token: try lookup.token(payload.transactionId, json.map { Data($0.utf8) }))
    }

    /// Encoders that ask for `TransactionTokenLookup.leavesTokensUnsigned` get the token only if
    /// it is signed already: an idempotency record is written inside the purchase's transaction,
    /// which must not sign.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if encoder.userInfo[TransactionTokenLookup.leavesTokensUnsigned] as? Bool == true {
            try container.encodeIfPresent(token.signedCompact, forKey: .jws)
            // The bytes the token will sign are the payload already encoded: kept as text, they
            // cost a string copy instead of a second encoding of some thirty fields.
            if let bytes = token.bytesToSign {
                try container.encode(String(decoding: bytes, as: UTF8.self), forKey: .payloadJSON)
                return
            }
        } else {
            try container.encode(try jws, forKey: .jws)
        }
        try container.encode(payload, forKey: .payload)
    }

    public static func == (lhs: SignedTransaction, rhs: SignedTransaction) -> Bool {
        lhs.payload == rhs.payload && lhs.token.isSame(as: rhs.token)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(payload)
    }
}

extension TransactionPayload: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(transactionId)
        hasher.combine(revocationDate)
    }
}

extension SignedTransaction {
    /// A transaction received from a server as its compact JWS, with the payload read without
    /// verifying it: enough to show (a transaction id on a receipt). Trust still comes only from
    /// verifying `jws` (`LocalPaymentsService.verifyTransaction`).
    public init(receivedJWS jws: String) throws {
        self.init(jws: jws, payload: try CompactJWS.payload(of: jws))
    }
}
