import Foundation

/// Why a version or build string could not be read.
///
/// Parsing never falls back to `0.0.0`: every problem is one of these errors, and its
/// ``description`` names the problem and the input so a person can fix it.
///
/// ```swift
/// do { _ = try AppVersion(parsing: "1..2") }
/// catch let error as VersionParseError where error.code == .emptyComponent { print(error) }
/// ```
public struct VersionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier for the kind of problem; new codes may be added later.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable text, such as `empty-component`.
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// The input was empty or only white space.
        public static let empty = Code("empty")
        /// The input is longer than ``AppVersion/maximumLength``.
        public static let tooLong = Code("too-long")
        /// Two separators with nothing between them, or one at an end (`1..2`, `1.`).
        public static let emptyComponent = Code("empty-component")
        /// A release component is not a number (`abc`, `1.x`).
        public static let notNumeric = Code("not-numeric")
        /// A number does not fit in `Int`.
        public static let outOfRange = Code("out-of-range")
        /// A pre-release or build-metadata identifier is malformed (`1.2.3-`, `1.0.0-a..b`).
        public static let invalidIdentifier = Code("invalid-identifier")
        /// The parenthesized build in `1.0.3 (6)` is malformed.
        public static let invalidBuild = Code("invalid-build")

        /// The code's stable text.
        public var description: String { rawValue }
    }

    /// What kind of problem this is.
    public let code: Code
    /// The offending input, shortened to 64 characters so a huge string can't flood a log.
    public let input: String
    /// A sentence that says what is wrong.
    public let reason: String

    init(_ code: Code, input: String, _ reason: String) {
        self.code = code
        self.input = input.count > 64 ? String(input.prefix(64)) + "…" : input
        self.reason = reason
    }

    /// The reason together with the input, for logs and error screens.
    public var description: String { "invalid version \"\(input)\": \(reason)" }
}
