// Stand-in for UIKit's accessibility notifications, for Linux only (see UIResponder.swift).

@available(watchOS, unavailable)
public enum UIAccessibility {
    public struct Notification: Hashable, RawRepresentable, Sendable {
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public var rawValue: UInt32
        /// A new screen took over: VoiceOver moves to its first element, or to the argument.
        public static let screenChanged = Notification(rawValue: 1000)
        /// Part of the screen changed.
        public static let layoutChanged = Notification(rawValue: 1001)
    }

    /// Every notification posted, with its argument, in order (a stand-in's record).
    @MainActor public private(set) static var standInPosted: [(notification: Notification, argument: Any?)] = []

    @MainActor public static func post(notification: UIAccessibility.Notification, argument: Any?) {
        standInPosted.append((notification, argument))
    }

    /// Forgets what was posted, between tests.
    @MainActor public static func standInReset() { standInPosted = [] }
}
