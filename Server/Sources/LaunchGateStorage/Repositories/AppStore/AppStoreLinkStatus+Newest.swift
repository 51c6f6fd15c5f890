import Foundation

extension AppStoreLinkStatus {
    /// The newest version served and since when its major.minor has been the newest
    /// ("2.6.0, 2.6 newest since …"), as `launchgate appstore status` and the console show it: the
    /// day that makes it trusted runs per major.minor, so the line names the major.minor, not the
    /// major (review s15b, N5; attack s15b, 6). `nil` before a poll found a newest version.
    /// - Parameter date: How the surface writes a date.
    public func newestMinorLine(date: (Date) -> String) -> String? {
        guard let newest = newestVersion, let since = newestMinorSince else { return nil }
        return "\(newest), \(newest.major).\(newest.minor) newest since \(date(since))"
    }
}
