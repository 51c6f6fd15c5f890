import Foundation
import LaunchGate

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

    /// Installs seen within the last ``days`` UTC calendar days, today included (1 is today since
    /// 00:00 UTC, not the last 24 hours).
    public struct Window: Sendable, Encodable, Equatable {
        /// The window's length in UTC calendar days.
        public var days: Int
        /// Installs seen within it.
        public var activeInstalls: Int
        /// Per version, newest first.
        public var versions: [Share]
        /// Per version and build, newest first.
        public var builds: [Share]
        /// Per OS version, newest first.
        public var os: [Share]
    }

    /// One day of the rollup.
    public struct Day: Sendable, Encodable, Equatable {
        /// `2025-03-01`, UTC.
        public var date: String
        /// Installs seen that day.
        public var activeInstalls: Int
        /// Per version.
        public var versions: [Share]
    }

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

    init(app: String, platform: Platform?, today: Int, windows: [(days: Int, totals: [InstallGroupTotal])], history: [DailyVersionCount]?) {
        self.app = app
        self.platform = platform?.rawValue
        self.today = Self.date(today)
        var order = VersionOrder()
        self.windows = windows.map { days, totals in
            let total = totals.reduce(0) { $0 + $1.installs }
            func shares(_ key: (InstallGroupTotal) -> ShareKey) -> [Share] {
                var counts: [ShareKey: Int] = [:]
                for group in totals { counts[key(group), default: 0] += group.installs }
                return order.sorted(counts.map { key, count in
                    Share(platform: key.platform, version: key.version, build: key.build, os: key.os, installs: count,
                          share: total == 0 ? 0 : Double(count) / Double(total))
                })
            }
            return Window(days: days, activeInstalls: total,
                          versions: shares { ShareKey(platform: $0.platform.rawValue, version: $0.version) },
                          builds: shares { ShareKey(platform: $0.platform.rawValue, version: $0.version, build: $0.build.isEmpty ? nil : $0.build) },
                          os: shares { ShareKey(platform: $0.platform.rawValue, os: $0.os.isEmpty ? nil : $0.os) })
        }
        self.history = history.map { counts in
            Dictionary(grouping: counts, by: \.day).sorted { $0.key < $1.key }.map { day, counts in
                let total = counts.reduce(0) { $0 + $1.installs }
                var perVersion: [ShareKey: Int] = [:]
                for count in counts { perVersion[ShareKey(platform: count.platform.rawValue, version: count.version), default: 0] += count.installs }
                return Day(date: Self.date(day), activeInstalls: total, versions: order.sorted(perVersion.map { key, installs in
                    Share(platform: key.platform, version: key.version, build: nil, os: nil, installs: installs,
                          share: Double(installs) / Double(max(total, 1)))
                }))
            }
        }
    }

    private struct ShareKey: Hashable {
        var platform: String
        var version: String?
        var build: String?
        var os: String?
    }

    /// Platform, then newest version or OS (SemVer precedence), then build, then most installs;
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
                if a.0.platform != b.0.platform { return a.0.platform < b.0.platform }
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

    /// A UTC day as `yyyy-MM-dd`.
    static func date(_ day: Int) -> String {
        // Howard Hinnant's civil-from-days, so no formatter or time zone is involved.
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)-\(two(m))-\(two(d))"
    }

    /// The start (UTC) of the day `yyyy-MM-dd` names, or `nil` when it names none.
    public static func startOfDay(_ text: String) -> Date? { day(text).map(InstallDay.start) }

    /// The UTC day of `yyyy-MM-dd`, or `nil` when it isn't one.
    static func day(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), (1...31).contains(d) else { return nil }
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let day = era * 146_097 + doe - 719_468
        // 2025-02-31 would roll into March; only real dates round-trip.
        return date(day) == text ? day : nil
    }
}
