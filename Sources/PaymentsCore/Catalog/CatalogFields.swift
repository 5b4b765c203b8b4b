import Yams

/// The checked keys of one YAML mapping: each key once, each known to the format.
struct CatalogFields {
    /// The mapping itself, where "missing key" problems are reported.
    let node: Node
    /// How messages name the mapping: `plan 'pro'`, `feature #2`.
    let context: String
    private let values: [String: Node]
    private let keys: [String: Node]

    init(node: Node, context: String, values: [String: Node], keys: [String: Node]) {
        self.node = node
        self.context = context
        self.values = values
        self.keys = keys
    }

    subscript(key: String) -> Node? { values[key] }

    /// Where the key itself is written, for "this key does not belong here" problems.
    func keyNode(_ key: String) -> Node? { keys[key] }

    /// "'price' in product 'pro.monthly'", the subject of a value message.
    func describe(_ key: String) -> String { "'\(key)' in \(context)" }
}
