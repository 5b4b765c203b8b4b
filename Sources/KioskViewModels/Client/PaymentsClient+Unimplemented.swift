import Foundation
import PaymentsCore

extension PaymentsClient {
    /// A client whose every call throws `UnimplementedCall`: tests start here and stub only the
    /// calls their flow expects, so any other call shows up as an error state the test sees.
    public static var unimplemented: PaymentsClient {
        PaymentsClient(
            catalog: { throw UnimplementedCall("catalog") },
            accounts: { throw UnimplementedCall("accounts") },
            signedInAccount: { throw UnimplementedCall("signedInAccount") },
            signIn: { _ in throw UnimplementedCall("signIn") },
            signOut: { throw UnimplementedCall("signOut") },
            createAccount: { _ in throw UnimplementedCall("createAccount") },
            now: { _ in throw UnimplementedCall("now") },
            isEligibleForIntroOffer: { _ in throw UnimplementedCall("isEligibleForIntroOffer") },
            subscriptions: { _ in throw UnimplementedCall("subscriptions") },
            entitlements: { _ in throw UnimplementedCall("entitlements") },
            restorePurchases: { _ in throw UnimplementedCall("restorePurchases") },
            validateOfferCode: { _, _, _ in throw UnimplementedCall("validateOfferCode") },
            purchase: { _ in throw UnimplementedCall("purchase") },
            storePurchase: { _ in throw UnimplementedCall("storePurchase") },
            completeAuthentication: { _, _ in throw UnimplementedCall("completeAuthentication") },
            previewPlanChange: { _, _ in throw UnimplementedCall("previewPlanChange") },
            changePlan: { _ in throw UnimplementedCall("changePlan") },
            statusVocabulary: { _ in throw UnimplementedCall("statusVocabulary") },
            cancelAtPeriodEnd: { _, _ in throw UnimplementedCall("cancelAtPeriodEnd") },
            resume: { _ in throw UnimplementedCall("resume") },
            refund: { _, _ in throw UnimplementedCall("refund") },
            paymentMethods: { _ in throw UnimplementedCall("paymentMethods") },
            addCard: { _, _, _ in throw UnimplementedCall("addCard") },
            removePaymentMethod: { _ in throw UnimplementedCall("removePaymentMethod") },
            setDefaultPaymentMethod: { _ in throw UnimplementedCall("setDefaultPaymentMethod") },
            invoices: { _, _ in throw UnimplementedCall("invoices") },
            invoice: { _ in throw UnimplementedCall("invoice") },
            events: { _, _, _ in throw UnimplementedCall("events") },
            usage: { _ in throw UnimplementedCall("usage") },
            pointsLedger: { _, _, _ in throw UnimplementedCall("pointsLedger") },
            pendingActions: { _ in throw UnimplementedCall("pendingActions") },
            approvePurchase: { _ in throw UnimplementedCall("approvePurchase") },
            declinePurchase: { _ in throw UnimplementedCall("declinePurchase") },
            answerPriceIncrease: { _, _ in throw UnimplementedCall("answerPriceIncrease") },
            storeControls: { throw UnimplementedCall("storeControls") },
            updateStoreControls: { _ in throw UnimplementedCall("updateStoreControls") },
            testClock: { _ in throw UnimplementedCall("testClock") },
            advanceTestClock: { _, _ in throw UnimplementedCall("advanceTestClock") },
            hostedCheckout: .unimplemented)
    }
}
