/// The app has reached its end of life on a platform: every version is blocked.
public struct EndOfLife: Sendable, Hashable, Codable {
    /// What users are told, for example where to go instead.
    public var message: String?

    /// Creates an end-of-life notice.
    /// - Parameter message: What users are told.
    public init(message: String? = nil) { self.message = message }
}
