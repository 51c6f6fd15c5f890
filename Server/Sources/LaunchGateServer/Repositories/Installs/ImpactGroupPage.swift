import Foundation

/// The groups an impact evaluates (``InstallRepository/impactGroups(appID:fromDay:today:limit:)``)
/// and what the whole window holds, so the installs of groups past the page can be named and
/// assumed the worst of rather than silently dropped.
public struct ImpactGroupPage: Sendable, Equatable {
    /// The page's groups, most installs first.
    public var entries: [ImpactGroupCount]
    /// Groups in the window with installs seen before today, on this page or not.
    public var totalEntries: Int
    /// Their installs (today's new ones left out).
    public var totalInstalls: Int
    /// Their established installs.
    public var totalEstablished: Int

    /// Creates a page.
    public init(entries: [ImpactGroupCount], totalEntries: Int, totalInstalls: Int, totalEstablished: Int) {
        self.entries = entries
        self.totalEntries = totalEntries
        self.totalInstalls = totalInstalls
        self.totalEstablished = totalEstablished
    }

    /// Groups not on the page.
    public var otherEntries: Int { totalEntries - entries.count }
    /// Installs of the groups not on the page.
    public var otherInstalls: Int { totalInstalls - entries.reduce(0) { $0 + $1.installs } }
    /// Established installs of the groups not on the page.
    public var otherEstablished: Int { totalEstablished - entries.reduce(0) { $0 + $1.established } }
}
