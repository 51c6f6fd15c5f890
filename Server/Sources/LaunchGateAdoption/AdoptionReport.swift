import Foundation
import LaunchGate
import LaunchGatePolicies
import LaunchGateStorage

/// Active installs per version, build and OS within activity windows, and the daily share of
/// each version since a day: the answer of `GET /v1/admin/apps/{app}/adoption`.
public struct AdoptionReport: Sendable, Encodable, Equatable {
    /// Installs of one version, build or OS, and their share of the window's installs (0…1).
    public struct Share: Sendable, Encodable, Equatable {
        /// The platform, such as `ios`.
        public var platform: String
        /// The version, in a share of versions.
        public var version: String?
        /// The build, in a share of builds (empty when installs don't send one).
        public var build: String?
        /// The OS version, in a share of OS versions.
        public var os: String?
        /// Installs counted.
        public var installs: Int
        /// Of the window's (or day's) active installs, 0…1.
        public var share: Double
    }

    /// What a list leaves out: its entries not on this page, summed, so a chart of the page and
    /// this bucket still adds up to the whole.
    public struct Other: Sendable, Encodable, Equatable {
        /// Versions, builds or OS versions left out (in history: versions left out of every day).
        public var entries: Int
        /// Their installs.
        public var installs: Int
        /// Of the window's (or day's) active installs, 0…1.
        public var share: Double
    }

    /// Installs seen within the last ``days`` UTC calendar days, today included (1 is today since
    /// 00:00 UTC, not the last 24 hours).
    public struct Window: Sendable, Encodable, Equatable {
        /// The window's length in UTC calendar days.
        public var days: Int
        /// Installs seen within it.
        public var activeInstalls: Int
        /// Per version, newest first: the page's versions by most installs.
        public var versions: [Share]
        /// Per version and build, newest first: the page's builds by most installs.
        public var builds: [Share]
        /// Per OS version, newest first: the page's OS versions by most installs.
        public var os: [Share]
        /// The versions not in ``versions``; `nil` when none are left out.
        public var otherVersions: Other?
        /// The builds not in ``builds``; `nil` when none are left out.
        public var otherBuilds: Other?
        /// The OS versions not in ``os``; `nil` when none are left out.
        public var otherOS: Other?
    }

    /// One day of the rollup.
    public struct Day: Sendable, Encodable, Equatable {
        /// `2025-03-01`, UTC.
        public var date: String
        /// Installs seen that day.
        public var activeInstalls: Int
        /// Per version: the versions with most installs over the whole history.
        public var versions: [Share]
        /// That day's installs of the other versions; `nil` when there are none.
        public var other: Other?
    }

    /// Entries per list when a request names no `limit`.
    public static let defaultLimit = 100
    /// The most entries per list one request may ask for.
    public static let maximumLimit = 1_000
    /// The last page one request may ask for: with ``maximumLimit``, a million entries deep.
    public static let maximumPage = 1_000

    /// The app.
    public var app: String
    /// The platform asked about, or `nil` for all.
    public var platform: String?
    /// Today (UTC), the last day of every window.
    public var today: String
    /// One per window asked for.
    public var windows: [Window]
    /// Oldest first; `nil` unless asked for with `since`.
    public var history: [Day]?
    /// Entries per list on this page.
    public var limit: Int
    /// This page, from 1: each list holds its entries ranked `(page - 1) × limit + 1` to
    /// `page × limit` by installs.
    public var page: Int
    /// The page to ask for next, when some list has entries past this one; `nil` on the last.
    public var nextPage: Int?

    /// One window's three lists, each a page of storage's ranked counts.
    package struct WindowPages {
        package var days: Int
        package var versions: InstallSharePage
        package var builds: InstallSharePage
        package var os: InstallSharePage
    }

    package init(app: String, platform: Platform?, today: Int, windows: [WindowPages], history: DailyVersionPage?, limit: Int, page: Int) {
        self.app = app
        self.platform = platform?.rawValue
        self.today = Self.date(today)
        self.limit = limit
        self.page = page
        var order = VersionOrder()
        func other(entries: Int, installs: Int, of total: Int) -> Other? {
            entries > 0 || installs > 0 ? Other(entries: entries, installs: installs, share: total == 0 ? 0 : Double(installs) / Double(total)) : nil
        }
        self.windows = windows.map { window in
            let total = window.versions.totalInstalls
            func shares(_ page: InstallSharePage) -> [Share] {
                order.sorted(page.entries.map { count in
                    Share(platform: count.platform.rawValue, version: count.version, build: count.build.flatMap { $0.isEmpty ? nil : $0 },
                          os: count.os.flatMap { $0.isEmpty ? nil : $0 }, installs: count.installs,
                          share: total == 0 ? 0 : Double(count.installs) / Double(total))
                })
            }
            func left(_ page: InstallSharePage) -> Other? { other(entries: page.otherEntries, installs: page.otherInstalls, of: total) }
            return Window(days: window.days, activeInstalls: total, versions: shares(window.versions), builds: shares(window.builds),
                          os: shares(window.os), otherVersions: left(window.versions), otherBuilds: left(window.builds), otherOS: left(window.os))
        }
        let offset = (page - 1) * limit
        self.nextPage = windows.contains { window in
            [window.versions, window.builds, window.os].contains { offset + $0.entries.count < $0.totalEntries }
        } ? page + 1 : nil
        self.history = history.map { rollup in
            let days = Set(rollup.counts.map(\.day)).union(rollup.otherInstalls.keys)
            let byDay = Dictionary(grouping: rollup.counts, by: \.day)
            return days.sorted().map { day in
                let counts = byDay[day] ?? []
                let rest = rollup.otherInstalls[day] ?? 0
                let total = counts.reduce(rest) { $0 + $1.installs }
                var perVersion: [ShareKey: Int] = [:]
                for count in counts { perVersion[ShareKey(platform: count.platform.rawValue, version: count.version), default: 0] += count.installs }
                return Day(date: Self.date(day), activeInstalls: total, versions: order.sorted(perVersion.map { key, installs in
                    Share(platform: key.platform, version: key.version, build: nil, os: nil, installs: installs,
                          share: Double(installs) / Double(max(total, 1)))
                }), other: rest > 0 ? other(entries: rollup.otherVersions, installs: rest, of: total) : nil)
            }
        }
    }

    private struct ShareKey: Hashable {
        var platform: String
        var version: String?
        var build: String?
        var os: String?
    }

    /// Platform (iOS first, ``AdoptionReport/platformOrder(_:_:)``), then newest version or OS (SemVer precedence), then build, then most installs;
    /// each distinct version string is parsed once.
    private struct VersionOrder {
        private var parsed: [String: AppVersion?] = [:]

        mutating func sorted(_ shares: [Share]) -> [Share] {
            let keyed = shares.map { share -> (Share, AppVersion?) in
                let text = share.version ?? share.os ?? ""
                if let known = parsed[text] { return (share, known) }
                let version = try? AppVersion(parsing: text)
                parsed[text] = version
                return (share, version)
            }
            return keyed.sorted { a, b in
                if a.0.platform != b.0.platform { return AdoptionReport.platformOrder(a.0.platform, b.0.platform) }
                switch (a.1, b.1) {
                case let (l?, r?) where l != r: return l > r
                case (_?, nil): return true
                case (nil, _?): return false
                default: break
                }
                let (left, right) = (a.0.version ?? a.0.os ?? "", b.0.version ?? b.0.os ?? "")
                if left != right { return left > right }
                if a.0.build != b.0.build { return AdoptionReport.buildOrder(a.0.build, b.0.build) }
                return a.0.installs > b.0.installs
            }.map(\.0)
        }
    }

    /// Whether platform `left` is listed before `right`: in ``Platform``'s order, iOS first, as
    /// the console, the CLI and the export list them (storage sorts by name, Android first);
    /// a key no ``Platform`` has, which storage never holds, after the known ones, by its text.
    package static func platformOrder(_ left: String, _ right: String) -> Bool {
        switch (Platform(rawValue: left), Platform(rawValue: right)) {
        case let (l?, r?): return l.isListed(before: r)
        case (_?, nil): return true
        case (nil, _?): return false
        default: return left < right
        }
    }

    /// Whether build `left` sorts before `right`: newest first, by ``BuildNumber`` (so 100 comes
    /// before 99), builds that don't parse after those that do, by their text.
    static func buildOrder(_ left: String?, _ right: String?) -> Bool {
        switch (left.flatMap { try? BuildNumber(parsing: $0) }, right.flatMap { try? BuildNumber(parsing: $0) }) {
        case let (l?, r?) where l != r: return l > r
        case (_?, nil): return true
        case (nil, _?): return false
        default: return (left ?? "") > (right ?? "")
        }
    }

    /// `yyyy-MM-dd`, in UTC (the style's default time zone).
    private static let dayFormat = Date.ISO8601FormatStyle().year().month().day()

    /// A UTC day as `yyyy-MM-dd`.
    package static func date(_ day: Int) -> String { InstallDay.start(day).formatted(dayFormat) }

    /// The start (UTC) of the day `yyyy-MM-dd` names, or `nil` when it names none.
    public static func startOfDay(_ text: String) -> Date? { day(text).map(InstallDay.start) }

    /// The UTC day of `yyyy-MM-dd`, or `nil` when it isn't one.
    package static func day(_ text: String) -> Int? {
        // 2025-02-31 would roll into March: only real dates come back as they were written.
        guard let date = try? dayFormat.parse(text), date.formatted(dayFormat) == text else { return nil }
        return InstallDay.of(date)
    }
}
