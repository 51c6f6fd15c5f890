import Foundation

/// The bounds ``UpdatePolicy/validate()`` enforces, so a typo can't put a novel on a
/// blocking screen or silence prompts for a century.
public enum PolicyLimits {
    /// The longest screen title, in characters.
    public static let title = 120
    /// The longest screen message or end-of-life message, in characters.
    public static let message = 2_000
    /// The longest release notes, in characters.
    public static let notes = 4_000
    /// The longest reminder or refresh interval: one year.
    public static let interval: TimeInterval = 366 * 86_400
    /// The longest app identifier in a policy's subject, in characters.
    public static let subjectApp = 200
    /// The most exempt installs and devices, together, one policy may list.
    public static let exemptions = 10_000
    /// URL schemes an update link may use; plain `http` is refused so "Update Now" can't be downgraded.
    public static let updateURLSchemes: Set<String> = ["https", "itms-apps"]
}
