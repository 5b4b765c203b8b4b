/// The part of billing history held in memory: at most `maxPages` consecutive pages, plus the
/// keyset cursor where each page seen so far starts, so any page can be fetched again when the
/// customer scrolls back. With 100,000 invoices this is two pages of rows and a list of short
/// cursor strings, never the history itself.
public struct InvoiceWindow: Hashable, Sendable {
    public static let maxPages = 2

    public var rows: [InvoiceRow] = []
    /// Page number of `rows.first`.
    public var firstPage = 0
    public var loadedPages = 0
    /// `pageStarts[n]` is the cursor that fetches page n (nil for the first page).
    public var pageStarts: [String?] = [nil]
    /// How many invoices there are, known once the last page has been seen (and kept when the
    /// window moves away from it).
    public var total: Int?
    /// The last page has been loaded: nothing comes after `rows.last` when it is in the window.
    public var endReached: Bool { total != nil }
    public var pageSize: Int

    public init(pageSize: Int) { self.pageSize = pageSize }

    /// Absolute index of `rows.first`.
    public var startIndex: Int { firstPage * pageSize }
    /// Absolute index after `rows.last`.
    public var endIndex: Int { startIndex + rows.count }
    var lastPage: Int { firstPage + loadedPages - 1 }
    public var isAtEnd: Bool { endReached && pageStarts.count == lastPage + 1 }

    public func row(at index: Int) -> InvoiceRow? {
        let offset = index - startIndex
        return rows.indices.contains(offset) ? rows[offset] : nil
    }

    mutating func insert(page: Int, rows pageRows: [InvoiceRow], nextCursor: String?) {
        if page + 1 == pageStarts.count {
            if let nextCursor {
                pageStarts.append(nextCursor)
            } else {
                total = page * pageSize + pageRows.count
            }
        }
        if loadedPages == 0 || page == lastPage + 1 {
            if loadedPages == 0 { firstPage = page }
            rows += pageRows
            loadedPages += 1
            if loadedPages > Self.maxPages {
                rows.removeFirst(min(pageSize, rows.count))
                firstPage += 1
                loadedPages -= 1
            }
        } else if page == firstPage - 1 {
            rows = pageRows + rows
            firstPage = page
            loadedPages += 1
            if loadedPages > Self.maxPages {
                // Pages before the last are always full, so what lies past them is the last page.
                rows.removeLast(rows.count - pageSize * Self.maxPages)
                loadedPages -= 1
            }
        }
    }
}
