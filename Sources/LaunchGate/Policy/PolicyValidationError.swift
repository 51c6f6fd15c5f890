/// A policy that was read but must not be published or trusted, with every problem found.
public struct PolicyValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem, in document order.
    public let issues: [PolicyIssue]

    /// Creates the error.
    /// - Parameter issues: The problems found; never empty.
    public init(issues: [PolicyIssue]) { self.issues = issues }

    /// All problems, one per line.
    public var description: String {
        "the policy is invalid:\n" + issues.map { "- \($0)" }.joined(separator: "\n")
    }
}
