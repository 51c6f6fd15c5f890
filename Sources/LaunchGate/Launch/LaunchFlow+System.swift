import Foundation

/// What the system tells the flow, and what the flow hands the system.
extension LaunchFlow {
    /// Call when the device's clock or time zone changes (Foundation's `NSSystemClockDidChange` and
    /// `NSSystemTimeZoneDidChange`, UIKit's `significantTimeChangeNotification`; the SwiftUI and
    /// UIKit adapters do): the maintenance timer is set again on the new clock, and the screens'
    /// times follow the new zone. Calling it again for the same change does no harm.
    public func significantTimeChange() {
        updates?.significantTimeChange()
    }

    /// The web page a gate screen's button opens, for a view that opens it the app's way (SwiftUI's
    /// `openURL` environment, which an app may point at its own in-app browser): the maintenance
    /// window's link, while its screen shows the button. `nil` for every other button, which
    /// ``perform(_:)-(GateAction)`` runs, the App Store link included (the system opens that).
    /// - Parameter action: A button of the screen shown.
    /// - Returns: The page, `https` only, or `nil`.
    public func webPage(for action: GateAction) -> URL? {
        guard action.role == .openMaintenancePage, case .maintenance(let screen) = state,
              screen.secondaryAction == action || screen.primaryAction == action else { return nil }
        return updates?.maintenancePageURL
    }
}
