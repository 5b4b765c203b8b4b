import Foundation

/// One conversion of a StoreKit configuration: the catalog being built, the ids already taken
/// and the notes so far. Notes come in catalog order: currency, plans, one-time products, then
/// settings.
struct StoreKitCatalogAssembly {
    let configuration: StoreKitConfiguration
    let options: StoreKitImportOptions
    var notes: [StoreKitImportNote] = []
    var currency = Currency.usd
    var productIDs: Set<String> = []
    var planIDs = StoreKitIdentifiers()
    var entitlementIDs = StoreKitIdentifiers()
    var entitlements: [EntitlementDefinition] = []
    /// Descriptions of the localizations used, which have no place in a catalog: counted and
    /// reported once rather than once per product.
    var droppedDescriptions = 0

    /// The newest configuration format this importer was written against.
    static let knownFormatVersion = 4

    init(configuration: StoreKitConfiguration, options: StoreKitImportOptions) {
        self.configuration = configuration
        self.options = options
    }

    mutating func assemble() throws(StoreKitImportError) -> StoreKitImport {
        if let major = configuration.version?.major, major > Self.knownFormatVersion {
            note("version \(major).\(configuration.version?.minor ?? 0)",
                 "newer than the StoreKit configuration format this importer knows "
                     + "(\(Self.knownFormatVersion)); unrecognised parts are ignored")
        }
        resolveCurrency()
        let selected = try selectGroup()
        let plans = selected.map { importGroup($0.group, index: $0.index) } ?? []
        noteOtherGroups(except: selected?.index)
        var products = configuration.products.enumerated().compactMap { index, product in
            importOneTimeProduct(product, subject: "products[\(index)]", section: .products)
        }
        products += configuration.nonRenewingSubscriptions.enumerated().compactMap { index, product in
            importOneTimeProduct(product, subject: "nonRenewingSubscriptions[\(index)]", section: .nonRenewing)
        }
        noteSettings()
        if droppedDescriptions > 0 {
            note("descriptions", "\(droppedDescriptions) product description\(droppedDescriptions == 1 ? "" : "s") "
                     + "not imported: Kiosk catalogs have no product descriptions")
        }
        let name = options.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let catalog = Catalog(name: name.isEmpty ? "Imported store" : name, currency: currency, group: groupID(selected?.group),
                              entitlements: entitlements, plans: plans, products: products)
        return StoreKitImport(catalog: catalog, notes: notes)
    }

    mutating func note(_ subject: String, _ message: String) {
        notes.append(StoreKitImportNote(subject: subject, message: message))
    }

    private mutating func resolveCurrency() {
        if let chosen = options.currency {
            currency = chosen
            return
        }
        switch configuration.settings["_storefront"] {
        case let .string(storefront)?:
            if let found = StoreKitStorefront.currency(of: storefront) {
                currency = found
            } else {
                note("settings._storefront = '\(storefront)'",
                     "storefront not known to the importer; prices read as USD (choose the currency if that is wrong)")
            }
        case let other?:
            note("settings._storefront = \(other)", "not a storefront code; prices read as USD")
        case nil:
            note("settings._storefront", "not set; prices read as USD")
        }
    }

    /// The group named in the options, else the first group with subscriptions (else the first).
    private func selectGroup() throws(StoreKitImportError) -> (group: StoreKitSubscriptionGroup, index: Int)? {
        let groups = configuration.subscriptionGroups
        if let wanted = options.group {
            guard let index = groups.firstIndex(where: { $0.id == wanted || $0.name == wanted }) else {
                throw .unknownGroup(wanted, available: groups.map { Self.describe($0) })
            }
            return (groups[index], index)
        }
        let index = groups.firstIndex { !($0.subscriptions ?? []).isEmpty } ?? groups.indices.first
        return index.map { (groups[$0], $0) }
    }

    private mutating func noteOtherGroups(except selected: Int?) {
        for (index, group) in configuration.subscriptionGroups.enumerated() where index != selected {
            let count = group.subscriptions?.count ?? 0
            let choose = group.name ?? group.id
            note("subscriptionGroups[\(index)] \(Self.describe(group))",
                 "Kiosk catalogs have one subscription group; not imported (\(count) subscription"
                     + "\(count == 1 ? "" : "s"))" + (choose.map { "; import it on its own with --group '\($0)'" } ?? ""))
        }
    }

    /// The StoreKit group id, which apps compare `subscriptionGroupID` against, when it is a
    /// valid catalog id; else the group's name as an id.
    private func groupID(_ group: StoreKitSubscriptionGroup?) -> String {
        if let id = group?.id, StoreKitIdentifiers.isValid(id) { return id }
        let slug = StoreKitIdentifiers.slug(group?.name ?? "")
        return slug.isEmpty ? "plans" : slug
    }

    static func describe(_ group: StoreKitSubscriptionGroup) -> String {
        switch (group.name, group.id) {
        case let (name?, id?): "'\(name)' (\(id))"
        case let (name?, nil): "'\(name)'"
        case let (nil, id?): "(\(id))"
        case (nil, nil): "(unnamed)"
        }
    }

    /// The localization in `settings._locale` (else en_US, else the first); the others are noted
    /// as not imported, since a catalog is written in one language.
    mutating func localization(_ localizations: [StoreKitLocalization]?, subject: String) -> StoreKitLocalization? {
        let all = localizations ?? []
        let preferred: String
        if case let .string(locale)? = configuration.settings["_locale"] { preferred = locale } else { preferred = "en_US" }
        guard let index = all.firstIndex(where: { $0.locale == preferred })
            ?? all.firstIndex(where: { $0.locale == "en_US" }) ?? all.indices.first else { return nil }
        let chosen = all[index]
        let others = all.indices.filter { $0 != index }.map { all[$0].locale ?? "(no locale)" }
        if !others.isEmpty {
            note(subject, "localization\(others.count == 1 ? "" : "s") \(others.joined(separator: ", ")) not imported; "
                     + "the catalog uses \(chosen.locale ?? "the first")")
        }
        if let description = chosen.description, !description.isEmpty { droppedDescriptions += 1 }
        return chosen
    }

    /// A product id the catalog can use: valid and not taken by an earlier item.
    mutating func claimProductID(_ id: String?, subject: String) -> String? {
        guard let id else {
            note(subject, "no productID; not imported")
            return nil
        }
        guard StoreKitIdentifiers.isValid(id) else {
            note(subject, "productID '\(id)' contains spaces; not imported")
            return nil
        }
        guard productIDs.insert(id).inserted else {
            note(subject, "productID '\(id)' is used twice; only the first is imported")
            return nil
        }
        return id
    }

    mutating func price(_ text: String?, subject: String) -> Int64? {
        guard let text else {
            note(subject, "no displayPrice; not imported")
            return nil
        }
        do {
            return try StoreKitPrice.minorUnits(text, currency: currency)
        } catch {
            note(subject, "\(error); not imported")
            return nil
        }
    }

    mutating func noteFamilySharing(_ shareable: Bool?, subject: String) {
        if shareable == true {
            note(subject, "familyShareable: Kiosk does not simulate Family Sharing; imported for the buyer only")
        }
    }

    /// Declares an entitlement under a free id based on `base` and returns the id.
    mutating func declareEntitlement(_ base: String, name: String) -> String {
        let id = entitlementIDs.claim(base)
        entitlements.append(EntitlementDefinition(id: id, name: name))
        return id
    }
}
