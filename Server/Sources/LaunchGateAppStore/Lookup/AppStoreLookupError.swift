/// Why a storefront's lookup gave nothing to publish. Each leaves what is published alone and
/// shows in the link's status.
public struct AppStoreLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable word for metrics and scripts: `timeout`, `too-large`, `unreachable`, `status`, `missing`, `malformed`, `refused`.
    public let code: String
    /// What happened, for the operator.
    public let message: String

    private init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The lookup took longer than its limit.
    public static func timeout(storefront: String) -> Self { Self("timeout", "\(storefront): the lookup timed out") }
    /// The body was longer than the limit.
    public static func tooLarge(storefront: String, limit: Int) -> Self { Self("too-large", "\(storefront): the answer is over \(limit) bytes") }
    /// No answer at all.
    public static func unreachable(storefront: String, _ reason: String) -> Self { Self("unreachable", "\(storefront): \(reason)") }
    /// An HTTP status other than 200 (a redirect included: it is not followed).
    public static func status(storefront: String, _ code: Int) -> Self { Self("status", "\(storefront): the lookup answered HTTP \(code)") }
    /// `resultCount` 0: the app isn't (or isn't yet) in this storefront.
    public static func missing(storefront: String) -> Self { Self("missing", "\(storefront): the App Store has no such app in this storefront") }
    /// JSON that isn't a lookup answer.
    public static func malformed(storefront: String, _ reason: String) -> Self { Self("malformed", "\(storefront): malformed answer (\(reason))") }
    /// A well-formed answer that can't be true or can't be published.
    public static func refused(storefront: String, _ reason: String) -> Self { Self("refused", "\(storefront): answer refused: \(reason)") }
}
