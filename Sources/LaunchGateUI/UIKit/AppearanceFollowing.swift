#if canImport(UIKit) && !os(watchOS)
import UIKit

/// Keeps a window in the app's Dark Mode or light mode: the one a source (the app's root
/// controller, or its window) has, now and whenever it changes, until ``stop()``. A main-actor
/// class, so ``GateWindow``'s `deinit` can hand it to the main actor to stop.
@MainActor
final class AppearanceFollowing {
    private let stopRegistration: () -> Void

    /// Starts following.
    /// - Parameters:
    ///   - source: What the window's appearance follows.
    ///   - window: The window.
    init<Source: UITraitChangeObservable & UITraitEnvironment>(of source: Source, in window: UIWindow) {
        window.overrideUserInterfaceStyle = source.traitCollection.userInterfaceStyle
        let registration = source.registerForTraitChanges([UITraitUserInterfaceStyle.self]) {
            [weak window] (changed: Source, _: UITraitCollection) in
            window?.overrideUserInterfaceStyle = changed.traitCollection.userInterfaceStyle
        }
        stopRegistration = { [weak source] in source?.unregisterForTraitChanges(registration) }
    }

    /// Stops following.
    func stop() {
        stopRegistration()
    }
}
#endif
