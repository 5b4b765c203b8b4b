import Foundation
import PaymentsCore

extension PaymentsClient {
    /// A client whose every call throws `UnstubbedCall`: tests start here and stub only the
    /// calls their flow expects, so any other call shows up as an error state the test sees.
    public static var failing: PaymentsClient {
        PaymentsClient(
            catalog: { throw UnstubbedCall("catalog") },
            accounts: { throw UnstubbedCall("accounts") },
            signedInAccount: { throw UnstubbedCall("signedInAccount") },
            signIn: { _ in throw UnstubbedCall("signIn") },
            signOut: { throw UnstubbedCall("signOut") },
            createAccount: { _ in throw UnstubbedCall("createAccount") },
            now: { _ in throw UnstubbedCall("now") },
            isEligibleForIntroOffer: { _ in throw UnstubbedCall("isEligibleForIntroOffer") },
            subscriptions: { _ in throw UnstubbedCall("subscriptions") },
            entitlements: { _ in throw UnstubbedCall("entitlements") },
            restorePurchases: { _ in throw UnstubbedCall("restorePurchases") },
            validateOfferCode: { _, _, _ in throw UnstubbedCall("validateOfferCode") },
            purchase: { _ in throw UnstubbedCall("purchase") },
            storePurchase: { _ in throw UnstubbedCall("storePurchase") },
            storePurchaseStatus: { _, _ in throw UnstubbedCall("storePurchaseStatus") },
            completeAuthentication: { _, _ in throw UnstubbedCall("completeAuthentication") },
            previewPlanChange: { _, _ in throw UnstubbedCall("previewPlanChange") },
            changePlan: { _ in throw UnstubbedCall("changePlan") },
            statusVocabulary: { _ in throw UnstubbedCall("statusVocabulary") },
            cancelAtPeriodEnd: { _, _ in throw UnstubbedCall("cancelAtPeriodEnd") },
            resume: { _ in throw UnstubbedCall("resume") },
            refund: { _, _ in throw UnstubbedCall("refund") },
            paymentMethods: { _ in throw UnstubbedCall("paymentMethods") },
            addCard: { _, _, _ in throw UnstubbedCall("addCard") },
            removePaymentMethod: { _ in throw UnstubbedCall("removePaymentMethod") },
            setDefaultPaymentMethod: { _ in throw UnstubbedCall("setDefaultPaymentMethod") },
            invoices: { _, _ in throw UnstubbedCall("invoices") },
            invoice: { _ in throw UnstubbedCall("invoice") },
            events: { _, _, _ in throw UnstubbedCall("events") },
            feedPosition: { _ in throw UnstubbedCall("feedPosition") },
            usage: { _ in throw UnstubbedCall("usage") },
            pointsLedger: { _, _, _ in throw UnstubbedCall("pointsLedger") },
            pendingActions: { _ in throw UnstubbedCall("pendingActions") },
            approvePurchase: { _ in throw UnstubbedCall("approvePurchase") },
            declinePurchase: { _ in throw UnstubbedCall("declinePurchase") },
            answerPriceIncrease: { _, _ in throw UnstubbedCall("answerPriceIncrease") },
            storeControls: { throw UnstubbedCall("storeControls") },
            updateStoreControls: { _ in throw UnstubbedCall("updateStoreControls") },
            testClock: { _ in throw UnstubbedCall("testClock") },
            advanceTestClock: { _, _ in throw UnstubbedCall("advanceTestClock") },
            hostedCheckout: .failing)
    }
}
