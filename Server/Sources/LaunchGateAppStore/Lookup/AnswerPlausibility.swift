import LaunchGate

/// Whether a storefront's answer is believable enough to publish. A CDN or a hostile store can
/// answer `99999999999.0`; published, it would prompt every device for a version that doesn't
/// exist and stay the floor until `sync --reset`. Two rules, both checked without I/O:
/// - every version component is at most ``maximumComponent`` (Apple's own versions are one to
///   three small integers; a date such as `2026.11.30` still fits);
/// - the major version is at most ``maximumMajorJump`` above the highest version the link has
///   served, when it has served one. A real jump that big is accepted with `sync --reset`.
public enum AnswerPlausibility {
    /// The largest version component believed.
    public static let maximumComponent = 99_999
    /// How many major versions one release may jump over the highest served.
    public static let maximumMajorJump = 5

    /// Why `version` is not believed, or `nil` when it is.
    /// - Parameters:
    ///   - version: The version a storefront answered.
    ///   - highestServed: The highest version any of the link's storefronts has served; `nil` before the first.
    ///   - reset: An operator's `sync --reset`, which accepts a big jump (never an out-of-range component).
    ///   - link: The link's app and platform, which the reason's `sync --reset` command names (attack s14, 14).
    public static func refusal(of version: AppVersion, highestServed: AppVersion?, reset: Bool,
                               link: (app: String, platform: Platform)) -> String? {
        if version.components.contains(where: { $0 > maximumComponent }) {
            return "\(version) is implausible: a component is above \(maximumComponent)"
        }
        if !reset, let highestServed, version.major > highestServed.major + maximumMajorJump {
            return "\(version) is implausible: more than \(maximumMajorJump) major versions past \(highestServed); "
                + "if it is real, accept it with `launchgate appstore sync \(link.app) --platform \(link.platform.rawValue) --reset` "
                + "(or tick Reset and Sync now on the console's App Store page)"
        }
        return nil
    }
}
