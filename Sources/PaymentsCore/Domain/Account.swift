import Foundation

/// A local customer. Several can exist; one is signed in at a time.
public struct Account: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var email: String
    public var name: String
    public var createdAt: Date
    /// The storefront currency every price and invoice of this account uses.
    public var currency: Currency
    /// ISO 3166 alpha-3 storefront country (StoreKit's `Storefront.countryCode`).
    public var storefront: String
    /// A Stripe-style test clock this account lives on, instead of real time.
    public var testClockID: String?
    /// Customer balance (minor units of `currency`), e.g. credit left over from a downgrade-priced
    /// upgrade; applied to the next invoices before the card is charged.
    public var creditBalance: Int64
    public var pointsBalance: Int64
    public var details: CustomerDetails

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: String, email: String, name: String, createdAt: Date, currency: Currency, storefront: String,
                testClockID: String? = nil, creditBalance: Int64, pointsBalance: Int64, details: CustomerDetails) {
        self.id = id
        self.email = email
        self.name = name
        self.createdAt = createdAt
        self.currency = currency
        self.storefront = storefront
        self.testClockID = testClockID
        self.creditBalance = creditBalance
        self.pointsBalance = pointsBalance
        self.details = details
    }
}

/// Customer details as Chargebee's CBCustomer carries them.
public struct CustomerDetails: Hashable, Sendable, Codable {
    public var firstName: String?
    public var lastName: String?
    public var company: String?
    public var phone: String?
    public var locale: String?
    public var billingAddress: BillingAddress?

    public init(firstName: String? = nil, lastName: String? = nil, company: String? = nil,
                phone: String? = nil, locale: String? = nil, billingAddress: BillingAddress? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.company = company
        self.phone = phone
        self.locale = locale
        self.billingAddress = billingAddress
    }
}

public struct BillingAddress: Hashable, Sendable, Codable {
    public var line1: String?
    public var line2: String?
    public var city: String?
    public var state: String?
    public var postalCode: String?
    public var country: String?

    public init(line1: String? = nil, line2: String? = nil, city: String? = nil, state: String? = nil,
                postalCode: String? = nil, country: String? = nil) {
        self.line1 = line1
        self.line2 = line2
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
    }
}

/// What `createAccount` needs.
public struct NewAccount: Hashable, Sendable, Codable {
    public var email: String
    public var name: String
    public var currency: Currency?
    public var storefront: String
    public var testClockID: String?
    public var details: CustomerDetails

    public init(email: String, name: String, currency: Currency? = nil, storefront: String = "USA",
                testClockID: String? = nil, details: CustomerDetails = CustomerDetails()) {
        self.email = email
        self.name = name
        self.currency = currency
        self.storefront = storefront
        self.testClockID = testClockID
        self.details = details
    }
}
