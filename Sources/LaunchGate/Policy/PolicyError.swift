/// A policy document that could not be read.
///
/// The ``field`` is a dotted path (`platforms.ios.latest.version`) so a person, or the
/// server's 400 response, can point at the exact place.
public struct PolicyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier for the kind of problem; new codes may be added later.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable text.
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// The bytes are not JSON, or not a JSON object.
        public static let malformedJSON = Code("malformed-json")
        /// A value has the wrong type, is missing, or does not parse.
        public static let invalidValue = Code("invalid-value")
        /// A platform key is not one of ``Platform``.
        public static let unknownPlatform = Code("unknown-platform")
        /// The canonical document's `schemaVersion` is newer than this SDK reads.
        public static let unsupportedSchemaVersion = Code("unsupported-schema-version")
        /// No known format matches the document's keys.
        public static let unrecognizedFormat = Code("unrecognized-format")
        /// The document is readable but says nothing an app can act on (an empty App Store lookup).
        public static let empty = Code("empty")

        /// The code's stable text.
        public var description: String { rawValue }
    }

    /// What kind of problem this is.
    public let code: Code
    /// Where in the document, as a dotted path; empty for the whole document.
    public let field: String
    /// A sentence that says what is wrong.
    public let reason: String

    init(_ code: Code, field: String = "", _ reason: String) {
        self.code = code
        self.field = field
        self.reason = reason
    }

    /// The field and the reason.
    public var description: String { field.isEmpty ? reason : "\(field): \(reason)" }
}
