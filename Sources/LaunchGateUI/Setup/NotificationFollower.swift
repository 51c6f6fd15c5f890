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
    /// Whether a call to the action is already on its way: one change often comes as several
    /// notifications at once (a clock set by hand posts the clock's, the zone's and UIKit's), and
    /// the flow should re-decide once, not move VoiceOver to a replaced screen twice (review s14, I4).
    private var isPending = false

    /// Creates a follower that listens for nothing until ``start(_:)``.
    /// - Parameters:
    ///   - names: The notifications to follow; any one of them runs `action`.
    ///   - action: What to tell the flow, on the main actor: once for each notification, or once for
    ///     several posted together before it ran.
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
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self, weak flow] _ in
                Task { @MainActor in self?.schedule(for: flow) }
            }
        }
    }

    /// Runs the action in a task of its own, behind the tasks of the notifications posted with
    /// this one, which then find it pending and add nothing.
    private func schedule(for flow: LaunchFlow?) {
        guard !isPending, let flow else { return }
        isPending = true
        Task { @MainActor [weak self, weak flow] in
            guard let self else { return }
            isPending = false
            if let flow { action(flow) }
        }
    }
}
