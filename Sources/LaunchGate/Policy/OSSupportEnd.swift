import Foundation

/// Notice that an OS version loses support on a date: "iOS 17 will no longer be supported after
/// 1 March 2027". Devices below ``below`` see a dismissable banner, throttled like the update
/// banner, until ``after``; past it nothing is shown, and a minimum OS the operator raises applies
/// as it always does (device unsupported).
///
/// ```json
/// "osSupportEnds": {"below": "18.0", "after": "2027-03-01"}
/// ```
public struct OSSupportEnd: Sendable, Hashable, Codable {
    /// The first OS version that stays supported; devices below it get the notice.
    public var below: AppVersion
    /// The last day the older versions are supported, as a UTC calendar day (`2027-03-01`); the
    /// notice shows until that day ends.
    public var after: Date

    /// Creates a notice.
    /// - Parameters:
    ///   - below: The first OS version that stays supported.
    ///   - after: When support for the older versions ends.
    public init(below: AppVersion, after: Date) {
        self.below = below
        self.after = after
    }

    /// Whether a device gets the notice now: its OS is known and below ``below``, and the day
    /// ``after`` names has not ended.
    /// - Parameters:
    ///   - os: The device's OS version; `nil` when unknown, which gets no notice.
    ///   - date: Now.
    /// - Returns: `true` when the banner is due.
    public func applies(to os: AppVersion?, at date: Date) -> Bool {
        guard let os else { return false }
        return os < below && date < ends
    }

    /// The end of the UTC day ``after`` falls on: when the notice stops showing.
    public var ends: Date {
        let day: TimeInterval = 86_400
        return Date(timeIntervalSince1970: (after.timeIntervalSince1970 / day).rounded(.down) * day + day)
    }
}
