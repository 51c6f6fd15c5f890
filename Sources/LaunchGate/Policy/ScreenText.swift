/// A title and a message that override LaunchGate's defaults for one screen in one locale.
public struct ScreenText: Sendable, Hashable, Codable {
    /// The screen's heading.
    public var title: String?
    /// The screen's body text.
    public var message: String?

    /// Creates a text override.
    /// - Parameters:
    ///   - title: The heading, or `nil` to keep the default.
    ///   - message: The body, or `nil` to keep the default.
    public init(title: String? = nil, message: String? = nil) {
        self.title = title
        self.message = message
    }
}
