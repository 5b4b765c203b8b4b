import PaymentsCore

public struct InvoiceFilter: Hashable, Sendable {
    public var status: InvoiceStatus?
    public var year: Int?

    public init(status: InvoiceStatus? = nil, year: Int? = nil) {
        self.status = status
        self.year = year
    }
}
