/// A button on a gate screen.
public struct GateAction: Sendable, Hashable {
    /// What the button does; the UI calls the matching ``UpdateMonitor`` method.
    public enum Role: String, Sendable, Hashable {
        /// Opens the update URL: ``UpdateMonitor/openUpdate()``.
        case update
        /// Hides the prompt for the reminder interval: ``UpdateMonitor/dismiss()``.
        case dismiss
        /// Opens the banner's details dialog: ``UpdateMonitor/showDetails()``.
        case showDetails
    }

    /// The button's label.
    public var title: String
    /// What it does.
    public var role: Role

    /// Creates an action.
    /// - Parameters:
    ///   - title: The label.
    ///   - role: What it does.
    public init(title: String, role: Role) {
        self.title = title
        self.role = role
    }
}
