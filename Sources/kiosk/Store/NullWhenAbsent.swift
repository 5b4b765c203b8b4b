/// An optional field that scripts read as `null` when absent: a synthesized `Encodable` leaves a
/// nil optional's key out, and the JSON views of `status` and `store controls` promise every key.
@propertyWrapper struct NullWhenAbsent<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
