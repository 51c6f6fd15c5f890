#if canImport(UIKit) && !os(watchOS)
import Foundation
import LaunchGate
import UIKit

/// Reads the stored session again when the device's protected data becomes available. Until the
/// first unlock after a restart the keychain can't be read, and an app launched in the background
/// before then (a notification, a background fetch) found it locked; its scene may never go from
/// the background to active, so the re-read on return to the foreground alone could miss it.
@MainActor
final class ProtectedDataRetry {
    /// Set once, on the main actor; read only by `deinit`, when nothing else can reach this object.
    nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

    init() {}

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// Starts listening for `flow`; later calls do nothing.
    /// - Parameter flow: The flow whose sign-in reads the session again.
    func start(_ flow: LaunchFlow) {
        guard observer == nil else { return }
        // No queue: UIKit posts on the main thread, and the block only starts a main-actor task.
        observer = NotificationCenter.default.addObserver(
            forName: UIApplication.protectedDataDidBecomeAvailableNotification, object: nil, queue: nil
        ) { [weak flow] _ in
            Task { @MainActor in flow?.signIn?.retryRestoreAfterFailedRead() }
        }
    }
}
#endif
