import Foundation

/// One page of a window's counts by one ``InstallShareDimension``: the keys ranked `offset` to
/// `offset + limit` by installs (most first), and what the whole window holds, so a report can
/// fold everything not on the page into an "other" bucket without reading it.
public struct InstallSharePage: Sendable, Equatable {
    /// The page's keys, most installs first.
    public var entries: [InstallShareCount]
    /// Keys in the window, on this page or not.
    public var totalEntries: Int
    /// Installs in the window.
    public var totalInstalls: Int

    /// Creates the value from its properties.
    package init(entries: [InstallShareCount], totalEntries: Int, totalInstalls: Int) {
        self.entries = entries
        self.totalEntries = totalEntries
        self.totalInstalls = totalInstalls
    }

    /// Keys in the window that are not on this page.
    public var otherEntries: Int { totalEntries - entries.count }
    /// Installs of the keys not on this page.
    public var otherInstalls: Int { totalInstalls - entries.reduce(0) { $0 + $1.installs } }
}
