#if canImport(UIKit) && !os(watchOS)
import UIKit

/// Tells an adapter when the user turns to its window: the window becomes key (a touch or a key
/// press in it, on an iPad with several windows) or its scene becomes active (brought to the
/// foreground). The windows of an iPad app share one flow, and details opened from code belong in
/// the window in use (``DetailsPresenter``), not in the one that appeared last, which may be in
/// the background.
@MainActor
final class WindowActivation {
    private weak var window: UIWindow?
    private var onActivate: (@MainActor () -> Void)?
    nonisolated(unsafe) private var observers: [any NSObjectProtocol] = []

    init() {}

    deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }

    /// Follows `window` from now on, calling `onActivate` each time the user turns to it.
    /// - Parameters:
    ///   - window: The adapter's window.
    ///   - onActivate: What the adapter does then.
    func watch(_ window: UIWindow, onActivate: @escaping @MainActor () -> Void) {
        self.window = window
        self.onActivate = onActivate
        guard observers.isEmpty else { return }
        // Only now: a SwiftUI view's @State makes one of these each time the view is made, and
        // keeps only the first.
        let center = NotificationCenter.default
        // No queue: UIKit posts on the main thread, and the block only starts a main-actor task.
        // (Naming the main queue makes Foundation wait for it, which on Linux blocks the poster.)
        observers = [UIWindow.didBecomeKeyNotification, UIScene.didActivateNotification].map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                let object = (note.object as AnyObject?).map(ObjectIdentifier.init)
                Task { @MainActor in self?.handle(object) }
            }
        }
    }

    private func handle(_ object: ObjectIdentifier?) {
        guard let window, let object else { return }
        let scene = window.windowScene.map(ObjectIdentifier.init)
        guard object == ObjectIdentifier(window) || object == scene else { return }
        onActivate?()
    }
}
#endif
