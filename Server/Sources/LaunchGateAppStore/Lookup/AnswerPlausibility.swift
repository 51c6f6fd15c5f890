import LaunchGate
import LaunchGateStorage

/// Whether a storefront's answer is believable enough to publish. A CDN or a hostile store can
/// answer `99999999999.0`; published, it would prompt every device for a version that doesn't
/// exist and stay the floor until `sync --reset`. Four rules, all checked without I/O:
/// - a version has at most ``maximumComponents`` (three) components, never more, even on a reset;
/// - every version component is at most ``maximumComponent`` (Apple's own versions are one to
///   three small integers; a date such as `2026.11.30` still fits), never taken, even on a reset;
/// - the major version is at most ``maximumMajorJump`` above the link's trusted version
///   (``AppStoreLinkStatus/trustedVersion``: one that has stood for a day, or an operator accepted);
/// - the minor version is at most 100 × (the trusted version's minor + 1): about two more digits.
///
/// Both jumps are measured from the trusted version, which an answer can't move by itself, not
/// from the newest served: measured from the last answer taken, `2.10 -> 7.10 -> 12.0 -> 17.0`
/// climbed five majors a poll (attack s14, 1). A jump past them is held, not refused for ever: it
/// waits for an operator's `sync --accept VERSION` (or `--reset`), and a version taken within the limits becomes the new
/// baseline once it has stood for a day.
///
/// Why the minor rule is a ratio and the third component has none: real minors grow by one a
/// release, skip to a round number (`1.0 -> 1.10 -> 1.100`, each within 100 × the one before plus
/// one), or are dates (`2026.11.30`, `2026.1130`: a month or day, within 100 × any earlier one's);
/// an unlimited minor let `23.99999.0` through at once. The third component is a build number for
/// some apps (Chrome `131.0.6778`, Spotify `8.9.96`), which grows by thousands between releases,
/// so only ``maximumComponent`` bounds it.
public enum AnswerPlausibility {
    /// The most components a version may have: Apple's `CFBundleShortVersionString` is one to three
    /// integers, so `1.0.0.0.1` is no version the App Store serves (attack s15, 5).
    public static let maximumComponents = 3
    /// The largest version component believed.
    public static let maximumComponent = 99_999
    /// How many major versions one release may jump over the trusted version.
    public static let maximumMajorJump = 5
    /// The minor may be at most this many times the trusted version's minor plus one.
    public static let maximumMinorFactor = 100

    /// Why `version` is not believed, or `nil` when it is.
    /// - Parameters:
    ///   - version: The version a storefront answered.
    ///   - trusted: The version jumps are measured from; `nil` when the link has none yet (nothing published, nothing served).
    ///   - published: The policy's published latest: a version at or below it is no jump past what
    ///     devices are told already, so it is never held (a fresh link trusts its own first answers
    ///     when they are below the published latest, attack s15, 2).
    ///   - reset: An operator's `sync --reset`, which accepts a big jump (never an out-of-range component).
    public static func refusal(of version: AppVersion, trusted: AppVersion?, published: AppVersion? = nil, reset: Bool) -> IgnoredAnswer.Reason? {
        if version.components.count > maximumComponents { return .tooManyComponents(maximum: maximumComponents) }
        if version.components.contains(where: { $0 > maximumComponent }) { return .implausible(maximumComponent: maximumComponent) }
        guard !reset, let trusted, version > trusted, published.map({ version > $0 }) ?? true else { return nil }
        if version.major > trusted.major + maximumMajorJump { return .held(trusted: trusted, jump: .majors(maximumMajorJump)) }
        if version.minor > maximumMinorFactor * (trusted.minor + 1) { return .held(trusted: trusted, jump: .minorFactor(maximumMinorFactor)) }
        return nil
    }
}
