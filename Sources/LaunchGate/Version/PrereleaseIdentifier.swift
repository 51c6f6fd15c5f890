/// One dot-separated part of a SemVer pre-release, such as `beta` or `2` in `2.0.0-beta.2`.
///
/// Numeric identifiers compare as numbers and sort below alphanumeric ones; alphanumeric
/// identifiers compare in ASCII order (SemVer 2.0.0 §11.4).
public enum PrereleaseIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A purely numeric identifier.
    case numeric(Int)
    /// An identifier with at least one letter or hyphen.
    case alphanumeric(String)

    /// The identifier as written.
    public var description: String {
        switch self {
        case .numeric(let value): String(value)
        case .alphanumeric(let value): value
        }
    }

    /// SemVer §11.4.1–3: numbers by value, text by ASCII, numbers below text.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.numeric(a), .numeric(b)): a < b
        case let (.alphanumeric(a), .alphanumeric(b)): Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        case (.numeric, .alphanumeric): true
        case (.alphanumeric, .numeric): false
        }
    }
}
