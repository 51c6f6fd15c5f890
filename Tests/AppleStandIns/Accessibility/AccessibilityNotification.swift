// Stand-in for Apple's Accessibility framework, for Linux only (Tests/AppleStandIns/README.md).
// Declarations follow developer.apple.com/documentation/accessibility; posting records.

/// Notifications an app posts to assistive apps (iOS 17, macOS 14).
public enum AccessibilityNotification {
    /// Something for VoiceOver to say.
    public struct Announcement {
        let text: String
        /// Creates an announcement.
        public init(_ announcement: String) { text = announcement }
        /// Posts it to assistive apps.
        public func post() { AccessibilityNotification.standInAnnouncements.append(text) }
    }

    /// Every announcement posted, in order (a stand-in's record).
    nonisolated(unsafe) public static var standInAnnouncements: [String] = []
}
