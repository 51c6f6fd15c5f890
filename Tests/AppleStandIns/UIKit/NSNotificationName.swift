// Foundation's clock and time-zone notifications, as Foundation declares them on every Apple
// platform (developer.apple.com/documentation/foundation/nsnotification/name-swift.struct). The
// adapters see them through UIKit, which re-exports Foundation; swift-corelibs-foundation has
// NSSystemTimeZoneDidChange but not NSSystemClockDidChange, so this stand-in adds the missing one
// with Apple's raw value.
import Foundation

extension NSNotification.Name {
    public static let NSSystemClockDidChange = NSNotification.Name("NSSystemClockDidChangeNotification")
}
