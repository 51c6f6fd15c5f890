#if canImport(UIKit) && !os(watchOS)
import Foundation
import LaunchGate
import UIKit

/// Tells the flow when the device's clock or time zone changes (the user sets it, the carrier
/// corrects it, a new day starts, a trip crosses a zone): the maintenance timer sleeps a number of
/// seconds, which a clock change makes wrong, and the screens write times in the device's zone.
@MainActor
final class TimeChangeFollower {
    /// Set once, on the main actor; read only by `deinit`, when nothing else can reach this object.
    nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

    init() {}

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// Starts listening for `flow`; later calls do nothing.
    /// - Parameter flow: The flow to tell.
    func start(_ flow: LaunchFlow) {
        guard observer == nil else { return }
        // No queue: UIKit posts on the main thread, and the block only starts a main-actor task.
        observer = NotificationCenter.default.addObserver(
            forName: UIApplication.significantTimeChangeNotification, object: nil, queue: nil
        ) { [weak flow] _ in
            Task { @MainActor in flow?.significantTimeChange() }
        }
    }
}
#endif
