// Stand-in for Apple's Accessibility framework, for type-checking on Linux only.
// Declarations follow developer.apple.com/documentation/accessibility; bodies never run.

/// Notifications an app posts to assistive apps (iOS 17, macOS 14).
public enum AccessibilityNotification {
    /// Something for VoiceOver to say.
    public struct Announcement {
        /// Creates an announcement.
        public init(_ announcement: String) { fatalError() }
        /// Posts it to assistive apps.
        public func post() { fatalError() }
    }
}
