import Crypto
import Foundation
import Testing
import X509

@testable import PaymentsCore

@Suite("Transaction signing authority")
struct TransactionSigningAuthorityTests {
    @Test("first use creates a three-level chain with CA and leaf extensions")
    func createsChain() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let authority = try SignedTransactionsFixtures.authority(in: directory)

        let root = authority.rootCertificate
        let intermediate = authority.intermediateCertificate
        let leaf = authority.leafCertificate
        #expect(root.subject.description.contains("CN=Kiosk Simulated Store Root CA"))
        #expect(root.issuer == root.subject)
        #expect(intermediate.issuer == root.subject)
        #expect(leaf.issuer == intermediate.subject)

        #expect(try root.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 1))
        #expect(try intermediate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(try leaf.extensions.basicConstraints == .notCertificateAuthority)
        #expect(try root.extensions.keyUsage?.keyCertSign == true)
        #expect(try intermediate.extensions.keyUsage?.keyCertSign == true)
        #expect(try leaf.extensions.keyUsage?.digitalSignature == true)
        #expect(try leaf.extensions.keyUsage?.keyCertSign == false)
        #expect(root.extensions.first { $0.oid == .X509ExtensionID.basicConstraints }?.critical == true)

        let now = SignedTransactionsFixtures.now
        let day = SignedTransactionsFixtures.day
        #expect(root.notValidAfter == now.addingTimeInterval(30 * 365 * day))
        #expect(intermediate.notValidAfter == now.addingTimeInterval(25 * 365 * day))
        #expect(leaf.notValidAfter == now.addingTimeInterval(20 * 365 * day))
        #expect(leaf.notValidBefore == now.addingTimeInterval(-3_600))
    }

    @Test("keys and the root certificate are written owner-only (0600, folder 0700), and the root file holds no key")
    func filePermissions() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        _ = try SignedTransactionsFixtures.authority(in: directory)

        func permissions(_ file: String) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.signingFile(file).path)
            return try #require(attributes[.posixPermissions] as? Int)
        }
        #expect(try permissions(SigningKeyDirectory.intermediateFile) == 0o600)
        #expect(try permissions(SigningKeyDirectory.leafFile) == 0o600)
        #expect(try permissions(SigningKeyDirectory.rootFile) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: directory.signingFolder.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        let rootText = try String(contentsOf: directory.signingFile(SigningKeyDirectory.rootFile), encoding: .utf8)
        #expect(rootText.contains("BEGIN CERTIFICATE"))
        #expect(!rootText.contains("PRIVATE KEY"))
        let leafText = try String(contentsOf: directory.signingFile(SigningKeyDirectory.leafFile), encoding: .utf8)
        #expect(leafText.contains("BEGIN PRIVATE KEY"))
    }

    @Test("reloading reuses the same chain, root fingerprint and leaf")
    func reloadReusesChain() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let first = try SignedTransactionsFixtures.authority(in: directory, seed: 1)
        let later = SignedTransactionsFixtures.now.addingTimeInterval(100 * SignedTransactionsFixtures.day)
        let second = try SignedTransactionsFixtures.authority(in: directory, now: later, seed: 99)

        #expect(first.rootFingerprint == second.rootFingerprint)
        #expect(first.rootFingerprint.count == 64)
        #expect(first.rootCertificate == second.rootCertificate)
        #expect(first.intermediateCertificate == second.intermediateCertificate)
        #expect(first.leafCertificate == second.leafCertificate)
        #expect(try TransactionSigningAuthority.loadTrustedRoot(.appStore, dataDirectory: directory.url) == first.rootCertificate)
    }

    @Test("transactions signed before a reload still verify after it")
    func earlierSignaturesStillVerify() async throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let payload = SignedTransactionsFixtures.payload()
        let jws = try SignedTransactionsFixtures.authority(in: directory).sign(payload)

        let root = try TransactionSigningAuthority.loadTrustedRoot(.appStore, dataDirectory: directory.url)
        let result = await TransactionVerifier(trustedRoot: root).verify(jws, at: SignedTransactionsFixtures.now)
        #expect(result == .verified(payload))
    }

    @Test("two directories get different roots")
    func separateDirectoriesDiffer() throws {
        let first = try SignedTransactionsTemporaryDirectory()
        let second = try SignedTransactionsTemporaryDirectory()
        defer { first.remove(); second.remove() }
        let a = try SignedTransactionsFixtures.authority(in: first, seed: 1)
        let b = try SignedTransactionsFixtures.authority(in: second, seed: 2)
        #expect(a.rootFingerprint != b.rootFingerprint)
    }

    @Test("a leaf close to expiry is renewed from the stored intermediate under the same root")
    func renewsLeafNearExpiry() async throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let original = try SignedTransactionsFixtures.authority(in: directory)
        let nearExpiry = original.leafCertificate.notValidAfter.addingTimeInterval(-10 * SignedTransactionsFixtures.day)
        let renewed = try SignedTransactionsFixtures.authority(in: directory, now: nearExpiry, seed: 7)

        #expect(renewed.leafCertificate != original.leafCertificate)
        #expect(renewed.leafCertificate.publicKey != original.leafCertificate.publicKey)
        #expect(renewed.rootFingerprint == original.rootFingerprint)
        #expect(renewed.intermediateCertificate == original.intermediateCertificate)
        #expect(renewed.leafCertificate.notValidAfter > original.leafCertificate.notValidAfter)

        let reloaded = try SignedTransactionsFixtures.authority(in: directory, now: nearExpiry, seed: 8)
        #expect(reloaded.leafCertificate == renewed.leafCertificate)

        let payload = SignedTransactionsFixtures.payload(signedDate: nearExpiry)
        let verifier = TransactionVerifier(trustedRoot: original.rootCertificate)
        #expect(await verifier.verify(try renewed.sign(payload), at: nearExpiry) == .verified(payload))
    }

    @Test("an expired intermediate is reported instead of silently replaced")
    func expiredIntermediate() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let original = try SignedTransactionsFixtures.authority(in: directory)
        let past = original.intermediateCertificate.notValidAfter.addingTimeInterval(SignedTransactionsFixtures.day)
        let path = directory.signingFile(SigningKeyDirectory.intermediateFile).path
        #expect(throws: TransactionSigningAuthorityError.intermediateExpired(
            path: path,
            notValidAfter: original.intermediateCertificate.notValidAfter
        )) {
            try SignedTransactionsFixtures.authority(in: directory, now: past)
        }
    }

    @Test("a partial directory names the missing files and is left untouched", arguments: SigningKeyDirectory.allFiles)
    func partialDirectory(missingFile: String) throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        _ = try SignedTransactionsFixtures.authority(in: directory)
        try FileManager.default.removeItem(at: directory.signingFile(missingFile))
        let before = try snapshot(directory)

        #expect(throws: TransactionSigningAuthorityError.incompleteKeyDirectory(
            directory: directory.signingFolder.path,
            missingFiles: [missingFile]
        )) {
            try SignedTransactionsFixtures.authority(in: directory, seed: 5)
        }
        #expect(try snapshot(directory) == before)
    }

    @Test("a corrupt file is named in the error and never overwritten", arguments: SigningKeyDirectory.allFiles)
    func corruptFile(file: String) throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        _ = try SignedTransactionsFixtures.authority(in: directory)
        let url = directory.signingFile(file)
        try Data("-----BEGIN CERTIFICATE-----\nnot base64 at all!\n-----END CERTIFICATE-----\n".utf8).write(to: url)
        let before = try snapshot(directory)

        let error = try #require(throws: TransactionSigningAuthorityError.self) {
            try SignedTransactionsFixtures.authority(in: directory, seed: 5)
        }
        guard case .corruptFile(let path, _) = error else {
            Issue.record("expected corruptFile, got \(error)")
            return
        }
        #expect(path == url.path)
        #expect(error.description.contains(file))
        #expect(try snapshot(directory) == before)
    }

    @Test("truncated and empty key files are typed errors, not crashes")
    func truncatedFiles() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        _ = try SignedTransactionsFixtures.authority(in: directory)
        let url = directory.signingFile(SigningKeyDirectory.leafFile)
        let text = try String(contentsOf: url, encoding: .utf8)

        try Data(text.prefix(text.count / 2).utf8).write(to: url)
        #expect(throws: TransactionSigningAuthorityError.self) { try SignedTransactionsFixtures.authority(in: directory) }
        try Data().write(to: url)
        #expect(throws: TransactionSigningAuthorityError.corruptFile(path: url.path, detail: "expected 2 PEM block(s), found 0")) {
            try SignedTransactionsFixtures.authority(in: directory)
        }
    }

    @Test("a leaf file swapped in from another chain is rejected")
    func foreignLeaf() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        let other = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove(); other.remove() }
        _ = try SignedTransactionsFixtures.authority(in: directory, seed: 1)
        _ = try SignedTransactionsFixtures.authority(in: other, seed: 2)
        let target = directory.signingFile(SigningKeyDirectory.leafFile)
        try FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: other.signingFile(SigningKeyDirectory.leafFile), to: target)

        let error = try #require(throws: TransactionSigningAuthorityError.self) {
            try SignedTransactionsFixtures.authority(in: directory)
        }
        guard case .inconsistentChain(let path, _) = error else {
            Issue.record("expected inconsistentChain, got \(error)")
            return
        }
        #expect(path == target.path)
    }

    @Test("a key that does not match its certificate is rejected")
    func mismatchedKey() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        _ = try SignedTransactionsFixtures.authority(in: directory)
        let url = directory.signingFile(SigningKeyDirectory.leafFile)
        let blocks = try PEMBlocks(parsing: try String(contentsOf: url, encoding: .utf8))
        let certificate = try #require(blocks.single("CERTIFICATE"))
        var generator = SignedTransactionsSeededGenerator(seed: 42)
        let strangerKey = try SigningCertificateIssuer.makePrivateKey(using: &generator)
        try Data((certificate.text + strangerKey.pemRepresentation + "\n").utf8).write(to: url)

        #expect(throws: TransactionSigningAuthorityError.inconsistentChain(
            path: url.path,
            detail: "private key does not match the certificate"
        )) {
            try SignedTransactionsFixtures.authority(in: directory)
        }
    }

    @Test("loading only the root from an empty directory reports that there is no authority")
    func noAuthority() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: TransactionSigningAuthorityError.noAuthority(directory: directory.signingFolder.path)) {
            try TransactionSigningAuthority.loadTrustedRoot(.appStore, dataDirectory: directory.url)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.signingFolder.path))
    }

    @Test("a generator that cannot produce a key fails with a typed error and writes nothing")
    func degenerateGenerator() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        var generator = SignedTransactionsZeroGenerator()
        #expect(throws: TransactionSigningAuthorityError.self) {
            try TransactionSigningAuthority.loadOrCreate(
                .appStore, dataDirectory: directory.url,
                now: SignedTransactionsFixtures.now,
                using: &generator
            )
        }
        #expect(!FileManager.default.fileExists(atPath: directory.signingFolder.path))
    }

    @Test("the same seed and time produce the same chain, so generation depends only on its inputs")
    func deterministicGeneration() throws {
        let first = try SignedTransactionsTemporaryDirectory()
        let second = try SignedTransactionsTemporaryDirectory()
        defer { first.remove(); second.remove() }
        let a = try SignedTransactionsFixtures.authority(in: first, seed: 11)
        let b = try SignedTransactionsFixtures.authority(in: second, seed: 11)
        #expect(a.rootCertificate.publicKey == b.rootCertificate.publicKey)
        #expect(a.rootCertificate.serialNumber == b.rootCertificate.serialNumber)
    }

    private func snapshot(_ directory: SignedTransactionsTemporaryDirectory) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.signingFolder.path) {
            contents[name] = try Data(contentsOf: directory.signingFolder.appendingPathComponent(name))
        }
        return contents
    }
}
