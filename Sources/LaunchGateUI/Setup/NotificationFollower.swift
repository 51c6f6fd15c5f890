import Foundation
import LaunchGate

/// Passes some of the system's notifications on to a flow, and stops when it is released: the
/// adapters keep one per concern (clock changes, the keychain's unlock, the return to the
/// foreground) for as long as their view or controller lives. What a notification means for the
/// launch is the flow's to decide; this only says that it came.
@MainActor
final class NotificationFollower {
    private let names: [Notification.Name]
    private let action: @MainActor @Sendable (LaunchFlow) -> Void
    /// Set once, on the main actor; read only by `deinit`, when nothing else can reach this object.
    nonisolated(unsafe) private var observers: [any NSObjectProtocol] = []

    /// Creates a follower that listens for nothing until ``start(_:)``.
    /// - Parameters:
    ///   - names: The notifications to follow; any one of them runs `action`.
    ///   - action: What to tell the flow, on the main actor, once for each notification posted.
    init(_ names: [Notification.Name], action: @escaping @MainActor @Sendable (LaunchFlow) -> Void) {
        self.names = names
        self.action = action
    }

    deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }

    /// Starts listening for `flow`; later calls do nothing. The flow isn't kept alive by this.
    /// - Parameter flow: The flow to tell.
    func start(_ flow: LaunchFlow) {
        guard observers.isEmpty else { return }
        // No queue: Foundation may post a clock change on any thread, and the block only starts a
        // main-actor task. (Naming the main queue makes Foundation wait for it, which on Linux
        // blocks the poster.)
        observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak flow, action] _ in
                Task { @MainActor in
                    guard let flow else { return }
                    action(flow)
                }
            }
        }
    }
}
