import Foundation

/// Everything a UI renders for one state: every word the user sees is decided here and tested
/// on Linux, so the SwiftUI and UIKit adapters only lay it out.
public struct GateScreen: Sendable, Hashable {
    /// How the screen is presented.
    public enum Style: String, Sendable, Hashable {
        /// A non-intrusive banner at the top of the app, as the version.json spec asks.
        case banner
        /// The banner's details dialog, with release notes and "Update Now".
        case dialog
        /// A full screen the user may skip.
        case fullScreen
        /// A full screen the user can't leave.
        case blocking
    }

    /// Which decision this screen shows.
    public var kind: ScreenKind
    /// How it is presented.
    public var style: Style
    /// The heading.
    public var title: String
    /// The body text.
    public var message: String
    /// The version to update to, if known (the version.json spec has every prompt name it).
    public var targetVersion: AppVersion?
    /// Release notes, shown in the dialog and on full screens; never on the banner, nor on the
    /// unsupported-device screen, whose device can't install the release they describe, nor after
    /// end of life, when the app is retired and nobody can.
    public var releaseNotes: String?
    /// The main button.
    public var primaryAction: GateAction?
    /// The second button, such as "Not Now".
    public var secondaryAction: GateAction?

    /// Creates a screen.
    /// - Parameters:
    ///   - kind: The decision shown.
    ///   - style: The presentation.
    ///   - title: The heading.
    ///   - message: The body.
    ///   - targetVersion: The version to update to.
    ///   - releaseNotes: Release notes.
    ///   - primaryAction: The main button.
    ///   - secondaryAction: The second button.
    public init(kind: ScreenKind, style: Style, title: String, message: String, targetVersion: AppVersion? = nil,
                releaseNotes: String? = nil, primaryAction: GateAction? = nil, secondaryAction: GateAction? = nil) {
        self.kind = kind
        self.style = style
        self.title = title
        self.message = message
        self.targetVersion = targetVersion
        self.releaseNotes = releaseNotes
        self.primaryAction = primaryAction
        self.secondaryAction = secondaryAction
    }

    /// Whether the user can make the screen go away.
    public var isDismissable: Bool { style != .blocking }
}
