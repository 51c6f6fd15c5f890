import Foundation

/// What a screen needs to show one decision: the target, its notes, where to go, and texts.
public struct UpdatePrompt: Sendable, Hashable {
    /// Why a blocking update is required.
    public enum Reason: String, Sendable, Hashable {
        /// The installed version or build is below the minimum.
        case belowMinimum
        /// The installed version or build is on the block list.
        case blocked
        /// Not a required update.
        case none
    }

    /// Which screen this is for.
    public var kind: ScreenKind
    /// The version to update to, if the policy names one.
    public var targetVersion: AppVersion?
    /// The build to update to, if the policy names one.
    public var targetBuild: BuildNumber?
    /// Release notes of the target.
    public var releaseNotes: String?
    /// Where "Update Now" goes; `nil` on the maintenance screen, whose link is `maintenance?.url`.
    public var updateURL: URL?
    /// The lowest OS the target runs on.
    public var minimumOS: AppVersion?
    /// The policy's text for this screen in the user's language, if it has one.
    public var text: ScreenText?
    /// The end-of-life message, for ``ScreenKind/endOfLife``.
    public var endOfLifeMessage: String?
    /// The window behind a ``ScreenKind/maintenance`` prompt.
    public var maintenance: MaintenanceWindow?
    /// The notice behind a ``ScreenKind/osSupportEnding`` prompt.
    public var osSupportEnds: OSSupportEnd?
    /// Why a blocking update is required.
    public var reason: Reason
    /// How long a dismissal hides this prompt, from the policy.
    public var reminderInterval: TimeInterval

    /// Creates a prompt; the evaluator does this.
    /// - Parameters:
    ///   - kind: The screen.
    ///   - targetVersion: The version to update to.
    ///   - targetBuild: The build to update to.
    ///   - releaseNotes: The target's notes.
    ///   - updateURL: Where "Update Now" goes.
    ///   - minimumOS: The target's minimum OS.
    ///   - text: Localized text override.
    ///   - endOfLifeMessage: The end-of-life message.
    ///   - reason: Why an update is required.
    ///   - reminderInterval: How long a dismissal lasts.
    ///   - maintenance: The maintenance window, for ``ScreenKind/maintenance``.
    ///   - osSupportEnds: The OS support notice, for ``ScreenKind/osSupportEnding``.
    public init(
        kind: ScreenKind, targetVersion: AppVersion? = nil, targetBuild: BuildNumber? = nil, releaseNotes: String? = nil,
        updateURL: URL? = nil, minimumOS: AppVersion? = nil, text: ScreenText? = nil, endOfLifeMessage: String? = nil,
        reason: Reason = .none, reminderInterval: TimeInterval = PlatformPolicy.defaultReminderInterval,
        maintenance: MaintenanceWindow? = nil, osSupportEnds: OSSupportEnd? = nil
    ) {
        self.kind = kind
        self.targetVersion = targetVersion
        self.targetBuild = targetBuild
        self.releaseNotes = releaseNotes
        self.updateURL = updateURL
        self.minimumOS = minimumOS
        self.text = text
        self.endOfLifeMessage = endOfLifeMessage
        self.reason = reason
        self.reminderInterval = reminderInterval
        self.maintenance = maintenance
        self.osSupportEnds = osSupportEnds
    }

    /// Identifies the prompt for throttling: its kind and its target. A different target
    /// (1.3.0 after a dismissed 1.2.0) is a different prompt and shows at once; so is an OS
    /// notice with another version or another day, which has no target.
    public var throttleKey: String {
        if kind == .osSupportEnding, let notice = osSupportEnds {
            return "\(kind.rawValue)|\(notice.below)|\(notice.after.formatted(.iso8601))"
        }
        return "\(kind.rawValue)|\(targetVersion?.description ?? "-")|\(targetBuild?.description ?? "-")"
    }
}
