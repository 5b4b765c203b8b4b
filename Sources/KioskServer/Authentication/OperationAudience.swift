/// Which key an operation of the contract takes, by operation id.
///
/// Unknown operation ids need the admin key: a new operation added to the document without a
/// line here is locked down, not opened up.
enum OperationAudience: Equatable {
    case anyone
    case customer
    case admin

    init(operationID: String) {
        switch operationID {
        case "getHealth", "getReadiness", "getOpenAPIDocument", "getCheckoutReturnPage", "getCheckoutCancelledPage",
             "receiveAppStoreNotification":
            self = .anyone
        case "getCustomer", "changeCustomerEmail", "listInvoices", "exportInvoices", "getInvoice", "refundInvoice", "createPurchase", "listPaymentMethods",
             "addCard", "listEvents", "streamEvents", "submitAppStoreReceipt", "verifyAppStoreReceipt",
             "createHostedCheckout", "getUserSubscriptionStatus", "listSubscriptions", "cancelSubscription",
             "resumeSubscription", "previewPlanChange", "changePlan", "withdrawPlanChange", "getIntroEligibility",
             "completeAuthentication",
             "listUsage", "recordUsage", "listPoints", "spendPoints", "listNotices", "restorePurchases",
             "getOfferings", "createStorePurchase", "getPendingStorePurchase", "answerPriceIncrease", "getCatalog",
             "getEventsPosition", "listEntitlements", "removePaymentMethod", "setDefaultPaymentMethod",
             "createCheckoutSession", "getCheckoutSession", "abandonCheckoutSession":
            self = .customer
        default:
            self = .admin
        }
    }
}
