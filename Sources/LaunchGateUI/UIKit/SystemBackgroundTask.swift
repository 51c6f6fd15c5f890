#if canImport(UIKit) && !os(watchOS)
import LaunchGate
import UIKit

/// `UIApplication.beginBackgroundTask` for ``LaunchFlow/beginBackgroundTask``: a few more seconds
/// of running after the user leaves the app, so the account deletion's request gets its answer.
/// The system's expiry ends the task as the flow's own end would; ending twice does nothing.
@MainActor
final class SystemBackgroundTask {
    private var identifier = UIBackgroundTaskIdentifier.invalid

    /// Gives `flow` the system's background tasks, unless the app gave it its own.
    /// - Parameter flow: The flow.
    static func install(on flow: LaunchFlow) {
        guard flow.beginBackgroundTask == nil else { return }
        flow.beginBackgroundTask = { name in
            let task = SystemBackgroundTask()
            task.identifier = UIApplication.shared.beginBackgroundTask(withName: name) { task.end() }
            return { task.end() }
        }
    }

    private func end() {
        guard identifier != .invalid else { return }
        UIApplication.shared.endBackgroundTask(identifier)
        identifier = .invalid
    }
}
#endif
