/// One problem found by ``UpdatePolicy/validate()``: where, and why.
public struct PolicyIssue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The dotted path of the field, such as `platforms.ios.updateURL`.
    public let field: String
    /// A sentence that says what to change.
    public let reason: String

    /// Creates an issue.
    /// - Parameters:
    ///   - field: The field's dotted path.
    ///   - reason: What is wrong and what to do.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// The field and the reason.
    public var description: String { "\(field): \(reason)" }
}
