/// An error from LaunchGate's runtime (the throttle, the monitor, fetching).
///
/// A struct over a private code, so new cases can be added without breaking callers;
/// compare with the static members: `error == .notDismissable`.
public struct LaunchGateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier for the kind of error.
    public let code: String
    /// A sentence a person can act on.
    public let message: String

    /// Creates an error; LaunchGate uses the static members.
    /// - Parameters:
    ///   - code: A stable identifier.
    ///   - message: What happened and what to do.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// A blocking screen (required, end of life, unsupported) can't be dismissed.
    public static let notDismissable = LaunchGateError(
        code: "not-dismissable", message: "a required update or end-of-life screen can't be dismissed")

    /// Equal when the codes are equal, so a detailed message still matches its static member.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    /// Hashes the code.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The message.
    public var description: String { message }
}
