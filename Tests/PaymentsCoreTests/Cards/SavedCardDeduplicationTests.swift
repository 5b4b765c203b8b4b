import Foundation
import Testing
@testable import PaymentsCore

/// The same card typed twice is one saved card (matched by its keyed fingerprint, never by the
/// number, which is not kept), with the expiry as last typed; another card is another method.
@Suite struct SavedCardDeduplicationTests {
    @Test func theSameCardTypedAgainIsTheCardAlreadySaved() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let first = try await store.service.addCard(accountID: ada.id, card: CardDetails(
            number: "4242424242424242", expiryMonth: 11, expiryYear: 2031, cvc: "987"), makeDefault: true)
        let again = try await store.service.addCard(accountID: ada.id, card: CardDetails(
            number: "4242 4242 4242 4242", expiryMonth: 3, expiryYear: 2033, cvc: "123"), makeDefault: false)
        #expect(again.id == first.id)
        #expect(again.expMonth == 3 && again.expYear == 2033)
        let methods = try await store.service.paymentMethods(accountID: ada.id)
        #expect(methods.map(\.id) == [first.id])
        #expect(methods.first?.expYear == 2033)

        let other = try await store.service.addCard(accountID: ada.id, card: CardDetails(
            number: "5555555555554444", expiryMonth: 1, expiryYear: 2032, cvc: "123"), makeDefault: true)
        #expect(other.id != first.id)
        #expect(try await store.service.paymentMethods(accountID: ada.id).count == 2)
        // Typing the first card again and asking for it as default makes it the default again.
        let back = try await store.service.addCard(accountID: ada.id, card: CardDetails(
            number: "4242424242424242", expiryMonth: 3, expiryYear: 2033, cvc: "123"), makeDefault: true)
        #expect(back.id == first.id && back.isDefault)
        #expect(try await store.service.paymentMethods(accountID: ada.id).filter(\.isDefault).map(\.id) == [first.id])
    }

    @Test func anotherCustomerTypingTheSameCardGetsTheirOwnMethod() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let bob = try await store.account("bob", card: nil)
        let card = CardDetails(number: "4242424242424242", expiryMonth: 11, expiryYear: 2031, cvc: "987")
        let adas = try await store.service.addCard(accountID: ada.id, card: card, makeDefault: true)
        let bobs = try await store.service.addCard(accountID: bob.id, card: card, makeDefault: true)
        #expect(adas.id != bobs.id)
    }

    @Test func aRemovedCardTypedAgainIsSavedAfresh() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let card = CardDetails(number: "4242424242424242", expiryMonth: 11, expiryYear: 2031, cvc: "987")
        let first = try await store.service.addCard(accountID: ada.id, card: card, makeDefault: true)
        try await store.service.removePaymentMethod(first.id)
        let again = try await store.service.addCard(accountID: ada.id, card: card, makeDefault: true)
        #expect(again.id != first.id)
    }
}
