import Foundation
@testable import PaymentsCore
import Testing

/// SSH identity is the key: its fingerprint names one account on every connection and instance.
@Suite struct SSHKeyTests {
    /// Made with `ssh-keygen -t ed25519`; `ssh-keygen -l` printed the fingerprint.
    static let line = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBTnbgl/emXUpwUCHOYJE50pIXty+m9BRAxj3jtFIn/o root@vm"
    static let fingerprint = "SHA256:I3hK+RXkf8mDK2R8l+Mexc5Ren1KYeS0o2OW3TGnZhw"
    static let other = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB1Lf9bPcK6jPq+HkEk7QwR3n2f0b5ZQ3p8V8s0W1lZb"

    @Test func aKeysFingerprintIsOpenSSHs() throws {
        let key = try SSHPublicKey(openSSHLine: Self.line)
        #expect(key.fingerprint == Self.fingerprint)
        #expect(key.type == "ssh-ed25519")
        #expect(key.line == "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBTnbgl/emXUpwUCHOYJE50pIXty+m9BRAxj3jtFIn/o")
    }

    @Test(arguments: [
        ("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ", "ssh-keygen -t ed25519"),
        ("ssh-ed25519", "TYPE BASE64"),
        ("ssh-ed25519 !!!notbase64", "not a ssh-ed25519 key"),
        ("ssh-ed25519 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTY=", "not a ssh-ed25519 key"),
    ])
    func aBadKeySaysWhatIsWrong(line: String, says: String) {
        #expect {
            try SSHPublicKey(openSSHLine: line)
        } throws: { error in
            guard case let .invalidInput(field, message) = error as? PaymentsError else { return false }
            return field == "ssh_key" && message.contains(says)
        }
    }

    @Test func theSameKeyIsTheSameAccountOnEveryConnectionAndInstance() async throws {
        let store = try await CoreFixture()
        let key = try SSHPublicKey(openSSHLine: Self.line)
        let (first, created) = try await store.service.sshAccount(for: key, userName: "ada")
        #expect(created)
        #expect(first.name == "ada")
        #expect(first.email.hasSuffix("@ssh.invalid"))
        let (again, createdAgain) = try await store.service.sshAccount(for: key, userName: "someone-else")
        #expect(!createdAgain)
        #expect(again.id == first.id)
        let (elsewhere, _) = try await store.reopen().sshAccount(for: key, userName: "ada")
        #expect(elsewhere.id == first.id)
        let (stranger, strangerCreated) = try await store.service.sshAccount(for: try SSHPublicKey(openSSHLine: Self.other), userName: "ada")
        #expect(strangerCreated)
        #expect(stranger.id != first.id)
    }

    @Test func aKeyBindsToOneAccountAndCanBeRemoved() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account("ada")
        let bob = try await store.account("bob")
        let key = try SSHPublicKey(openSSHLine: Self.line)
        _ = try await store.service.bindSSHKey(key, to: ada.id)
        _ = try await store.service.bindSSHKey(key, to: ada.id)  // again: nothing changes
        #expect(try await store.service.sshKeys(of: ada.id).map(\.fingerprint) == [Self.fingerprint])
        await #expect(throws: PaymentsError.self) { try await store.service.bindSSHKey(key, to: bob.id) }
        #expect(try await store.service.sshAccount(for: key, userName: "x").account.id == ada.id)

        try await store.service.removeSSHKey(fingerprint: Self.fingerprint, from: ada.id)
        #expect(try await store.service.sshKeys(of: ada.id).isEmpty)
        await #expect(throws: PaymentsError.self) { try await store.service.removeSSHKey(fingerprint: Self.fingerprint, from: ada.id) }
        await #expect(throws: PaymentsError.self) { try await store.service.sshKeys(of: "acct_missing") }
    }

    @Test func aUserNameWithControlCharactersMakesAPlainName() async throws {
        let store = try await CoreFixture()
        let (account, _) = try await store.service.sshAccount(for: try SSHPublicKey(openSSHLine: Self.line), userName: "\u{1b}[31mada\n")
        #expect(account.name == "[31mada")
        let (blank, _) = try await store.service.sshAccount(for: try SSHPublicKey(openSSHLine: Self.other), userName: "  ")
        #expect(blank.name == "SSH customer")
    }
}

/// An SSH key's account starts with a placeholder email; the customer gives a real one for receipts.
@Suite struct AccountEmailChangeTests {
    @Test func aKeysAccountTakesARealEmailHeldToTheNewAccountRules() async throws {
        let store = try await CoreFixture()
        let key = try SSHPublicKey(openSSHLine: SSHKeyTests.line)
        let (account, _) = try await store.service.sshAccount(for: key, userName: "ann")
        #expect(account.email.hasSuffix("@ssh.invalid"))
        let changed = try await store.service.changeEmail(accountID: account.id, to: "  ann@example.com ")
        #expect(changed.email == "ann@example.com")
        #expect(try await store.service.account(account.id).email == "ann@example.com")
        // The same address again (in any case) is no conflict with itself.
        #expect(try await store.service.changeEmail(accountID: account.id, to: "Ann@Example.com").email == "Ann@Example.com")

        let ada = try await store.account()
        await #expect(throws: PaymentsError.emailTaken("ADA@example.com")) {
            _ = try await store.service.changeEmail(accountID: account.id, to: "ADA@example.com")
        }
        await #expect(throws: PaymentsError.invalidInput(field: "email", message: "'nope' is not an email address")) {
            _ = try await store.service.changeEmail(accountID: account.id, to: "nope")
        }
        await #expect(throws: PaymentsError.invalidInput(field: "email", message: "must not contain control characters (found U+000A)")) {
            _ = try await store.service.changeEmail(accountID: account.id, to: "a\nb@example.com")
        }
        await #expect(throws: PaymentsError.self) { _ = try await store.service.changeEmail(accountID: "acct_missing", to: "x@example.com") }
        #expect(try await store.service.account(ada.id).email == "ada@example.com", "nothing else changed")
        #expect(try await store.service.account(account.id).email == "Ann@Example.com")
    }
}
