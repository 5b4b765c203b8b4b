import Foundation
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// Issue 41 item 15: the terminal's card form and the hosted page apply one postal-code rule:
/// optional, checked when typed.
struct CardFormPostalCodeTests {
    private func form(postalCode: String) -> CardFormState {
        var form = CardFormState()
        form.setNumber("4242424242424242")
        form.setExpiry("1234")
        form.setCVC("123")
        form.postalCode = postalCode
        return form
    }

    @Test func anEmptyPostalCodeIsNotRequired() throws {
        let details = try form(postalCode: "").details(now: Date(timeIntervalSince1970: 1_767_225_600)).get()
        #expect(details.postalCode == nil)
    }

    @Test func aTypedPostalCodeIsKeptAndABlankOneIsRefused() throws {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        #expect(try form(postalCode: "94107").details(now: now).get().postalCode == "94107")
        guard case let .failure(errors) = form(postalCode: "  ").details(now: now) else {
            Issue.record("a postal code of spaces passed")
            return
        }
        #expect(errors.postalCode == .incomplete)
    }
}
