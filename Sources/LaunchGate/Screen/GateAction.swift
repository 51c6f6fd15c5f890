/// A button on a gate screen.
public struct GateAction: Sendable, Hashable {
    /// What the button does; the UI calls the matching ``UpdateMonitor`` method.
    ///
    /// New roles may be added in a minor release: a `switch` over it in an app needs a `default:`.
    public enum Role: String, Sendable, Hashable {
        /// Opens the update URL: ``UpdateMonitor/openUpdate()``.
        case update
        /// Hides the prompt for the reminder interval: ``UpdateMonitor/dismiss()``.
        case dismiss
        /// Opens the banner's details dialog: ``UpdateMonitor/showDetails()``.
        case showDetails
        /// Checks for a new policy now, the maintenance screen's "Try Again": ``UpdateMonitor/retry()``.
        case retry
        /// Opens the maintenance window's link, a web page and not an update:
        /// ``UpdateMonitor/openMaintenancePage()``.
        case openMaintenancePage
    }

    /// The button's label.
    public var title: String
    /// What it does.
    public var role: Role
    /// What VoiceOver says the button does when its label doesn't ("Opens a web page."), in the
    /// screen's language; `nil` when the label says it all.
    public var accessibilityHint: String?

    /// Creates an action.
    /// - Parameters:
    ///   - title: The label.
    ///   - role: What it does.
    ///   - accessibilityHint: What VoiceOver adds after the label, if anything.
    public init(title: String, role: Role, accessibilityHint: String? = nil) {
        self.title = title
        self.role = role
        self.accessibilityHint = accessibilityHint
    }
}
