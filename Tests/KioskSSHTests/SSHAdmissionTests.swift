import Foundation
@testable import KioskSSH
import NIOConcurrencyHelpers
import NIOCore
import Testing

@Suite struct SSHAdmissionTests {
    @Test func sessionsAreCountedPerServerKeyAndAddress() {
        var limits = SSHLimits()
        (limits.sessionsPerServer, limits.sessionsPerKey, limits.sessionsPerAddress) = (3, 2, 2)
        let admission = SSHAdmission(limits: limits)
        #expect(admission.open(fingerprint: "k1", address: "a1") == nil)
        #expect(admission.open(fingerprint: "k1", address: "a2") == nil)
        #expect(admission.open(fingerprint: "k1", address: "a3") == .tooManyForKey)
        #expect(admission.open(fingerprint: "k2", address: "a1") == nil)
        #expect(admission.open(fingerprint: "k3", address: "a3") == .serverFull)
        admission.close(fingerprint: "k1", address: "a2")
        #expect(admission.open(fingerprint: "k3", address: "a1") == .tooManyForAddress)
        #expect(admission.open(fingerprint: "k3", address: "a3") == nil)
        #expect(admission.openSessions == 3)
    }

    @Test func anAddressHasItsShareOfAttemptsAMinute() {
        var limits = SSHLimits()
        limits.authAttemptsPerAddressPerMinute = 3
        let now = NIOLockedValueBox(NIODeadline.uptimeNanoseconds(1_000_000_000))
        let admission = SSHAdmission(limits: limits, now: { now.withLockedValue { $0 } })
        #expect((0..<3).allSatisfy { _ in admission.attempt(from: "a") })
        #expect(!admission.attempt(from: "a"))
        #expect(admission.attempt(from: "b"))
        now.withLockedValue { $0 = $0 + .seconds(61) }
        #expect(admission.attempt(from: "a"))
    }
}

@Suite struct SSHAuthorizedKeysTests {
    @Test func optionsCommentsAndBlankLinesAreRead() throws {
        let text = """
            # testers
            ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBTnbgl/emXUpwUCHOYJE50pIXty+m9BRAxj3jtFIn/o root@vm

            no-pty,from="10.0.0.1" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB1Lf9bPcK6jPq+HkEk7QwR3n2f0b5ZQ3p8V8s0W1lZb
            """
        let found = try SSHAuthorizedKeys.fingerprints(of: text, source: "admins")
        #expect(found.count == 2)
        #expect(found.contains("SHA256:I3hK+RXkf8mDK2R8l+Mexc5Ren1KYeS0o2OW3TGnZhw"))
    }

    @Test func anRSALineIsAnErrorNamingItsLine() {
        #expect {
            try SSHAuthorizedKeys.fingerprints(of: "# x\nssh-rsa AAAAB3NzaC1yc2E= bob\n", source: "admins")
        } throws: { error in
            "\(error)".hasPrefix("admins:2 ") && "\(error)".contains("ssh-keygen -t ed25519")
        }
    }
}

@Suite struct SSHHostKeyTests {
    @Test func theKeyIsMadeOnceOwnerOnlyAndReadBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-ssh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = try SSHHostKey.loadOrCreate(in: directory)
        let read = try SSHHostKey.loadOrCreate(in: directory)
        #expect(made.fingerprint == read.fingerprint)
        #expect(made.fingerprint.hasPrefix("SHA256:"))
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(SSHHostKey.fileName).path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aDamagedKeyFileIsAnErrorNotANewKey() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-ssh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a key".utf8).write(to: directory.appendingPathComponent(SSHHostKey.fileName))
        #expect(throws: SSHHostKeyError.self) { try SSHHostKey.loadOrCreate(in: directory) }
        try Data(Data([1, 2, 3, 4, 5]).base64EncodedString().utf8).write(to: directory.appendingPathComponent(SSHHostKey.fileName))
        let error = #expect(throws: SSHHostKeyError.self) { try SSHHostKey.loadOrCreate(in: directory) }
        #expect(error?.description.contains("is not an ed25519 key") == true)
    }
}
