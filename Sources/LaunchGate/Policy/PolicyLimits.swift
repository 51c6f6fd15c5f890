import Foundation

/// The bounds ``UpdatePolicy/validate()`` enforces, so a typo can't put a novel on a
/// blocking screen or silence prompts for a century.
public enum PolicyLimits {
    // Text limits are in UTF-8 bytes, not characters: one character can be thousands of bytes of
    // combining marks. Each allows four bytes a character, so 120 characters of any script fit.
    /// The longest screen title, in UTF-8 bytes.
    public static let title = 480
    /// The longest screen message or end-of-life message, in UTF-8 bytes.
    public static let message = 8_000
    /// The longest release notes, in UTF-8 bytes.
    public static let notes = 16_000
    /// The longest language tag a text may be keyed by, in ASCII bytes (BCP 47's recommended minimum support).
    public static let languageTag = 35
    /// The most languages one platform's texts may have.
    public static let locales = 100
    /// The longest reminder or refresh interval: one year.
    public static let interval: TimeInterval = 366 * 86_400
    /// The longest app identifier in a policy's subject, in UTF-8 bytes.
    public static let subjectApp = 200
    /// The most exempt installs and devices, together, one policy may list. Each entry costs 67
    /// bytes of JSON, so 2,000 take about 134 KB and leave room for the texts under the 256 KiB
    /// a client accepts.
    public static let exemptions = 2_000
    /// The most storefronts one platform's ``PlatformPolicy/storefronts`` may list: the App Store
    /// has about 175, so every one of them fits, and a runaway list doesn't.
    public static let storefronts = 200
    /// URL schemes an update link may use: `https`, the App Store's `itms-apps` and TestFlight's
    /// `itms-beta`. Plain `http` is refused so "Update Now" can't be downgraded.
    public static let updateURLSchemes: Set<String> = ["https", "itms-apps", "itms-beta"]
    /// URL schemes a maintenance window's link may use: a status page is a web page, so `https` only.
    public static let maintenanceURLSchemes: Set<String> = ["https"]
}
