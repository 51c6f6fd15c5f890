import Foundation
import LaunchGate
// On Apple platforms Foundation declares the clock and time-zone notifications itself; UIKit is
// here for its own time change, and on Linux the UIKit and AppKit stand-ins declare the clock's
// (swift-corelibs-foundation lacks NSSystemClockDidChange).
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

extension NotificationFollower {
    /// The notifications that say the device's clock or time zone has changed: the user set the
    /// clock or the zone, the network corrected it, or (UIKit's significant time change) a new
    /// day started or a trip crossed a zone. UIKit's alone isn't documented to cover a clock or
    /// zone set by hand, and macOS and watchOS have no UIKit notification: Foundation's cover
    /// every platform. One change may post several of them; the flow takes each alike.
    static var timeChangeNames: [Notification.Name] {
        var names: [Notification.Name] = [.NSSystemClockDidChange, .NSSystemTimeZoneDidChange]
        #if canImport(UIKit) && !os(watchOS)
        names.append(UIApplication.significantTimeChangeNotification)
        #endif
        return names
    }

    /// Tells the flow when the device's clock or time zone changes: the maintenance timer sleeps
    /// a number of seconds, which a clock change makes wrong, and the screens write times in the
    /// device's zone (``LaunchFlow/significantTimeChange()``).
    static func timeChanges() -> NotificationFollower {
        NotificationFollower(timeChangeNames) { $0.significantTimeChange() }
    }

    #if canImport(UIKit) && !os(watchOS)
    /// Reads the stored session again when the device's protected data becomes available. Until
    /// the first unlock after a restart the keychain can't be read, and an app launched in the
    /// background before then (a notification, a background fetch) found it locked; its scene may
    /// never go from the background to active, so the re-read on return to the foreground alone
    /// could miss it.
    static func protectedData() -> NotificationFollower {
        NotificationFollower([UIApplication.protectedDataDidBecomeAvailableNotification]) { flow in
            flow.signIn?.retryRestoreAfterFailedRead()
        }
    }
    #endif
}
