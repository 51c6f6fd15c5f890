import Foundation

extension GateScreen {
    /// The screen for a decision, with the policy's localized texts over English defaults.
    /// - Parameters:
    ///   - prompt: The decision's prompt.
    ///   - style: How it is presented; the banner and its dialog share one prompt.
    ///   - platform: The platform, for naming the OS on the unsupported-device screen.
    ///   - hasUpdateURL: Whether "Update Now" has somewhere to go; without it the button is left out.
    /// - Returns: The screen.
    public static func make(for prompt: UpdatePrompt, style: Style, platform: Platform, hasUpdateURL: Bool) -> GateScreen {
        let version = prompt.targetVersion.map { "version \($0.release)" } ?? "the latest version"
        let update = hasUpdateURL ? GateAction(title: "Update Now", role: .update) : nil
        var screen: GateScreen
        switch (prompt.kind, style) {
        case (.updateAvailable, .banner):
            screen = GateScreen(kind: .updateAvailable, style: .banner, title: "Update available",
                                message: "\(version.capitalizedFirst) is available.",
                                primaryAction: GateAction(title: "Details", role: .showDetails),
                                secondaryAction: GateAction(title: "Not Now", role: .dismiss))
        case (.updateAvailable, _):
            screen = GateScreen(kind: .updateAvailable, style: .dialog, title: "Update available",
                                message: "\(version.capitalizedFirst) is available. Update to get the latest improvements.",
                                primaryAction: update, secondaryAction: GateAction(title: "Later", role: .dismiss))
        case (.updateRecommended, _):
            screen = GateScreen(kind: .updateRecommended, style: .fullScreen, title: "Update recommended",
                                message: "We recommend updating to \(version) for the best experience.",
                                primaryAction: update, secondaryAction: GateAction(title: "Not Now", role: .dismiss))
        case (.updateRequired, _):
            let why = prompt.reason == .blocked
                ? "This version has a known problem." : "This version is no longer supported."
            screen = GateScreen(kind: .updateRequired, style: .blocking, title: "Update required",
                                message: "\(why) Please update to \(version) to continue.", primaryAction: update)
        case (.endOfLife, _):
            screen = GateScreen(kind: .endOfLife, style: .blocking, title: "No longer available",
                                message: prompt.endOfLifeMessage ?? "This app is no longer supported.",
                                primaryAction: hasUpdateURL ? GateAction(title: "Learn More", role: .update) : nil)
        case (.deviceUnsupported, _):
            let os = prompt.minimumOS.map { "\(platform.osName) \($0.release) or later" } ?? "a newer \(platform.osName)"
            screen = GateScreen(kind: .deviceUnsupported, style: .blocking, title: "Device not supported",
                                message: "This version is no longer supported, and \(version) needs \(os). "
                                    + "Update your device's software to keep using this app.")
        }
        screen.targetVersion = prompt.targetVersion
        if style != .banner { screen.releaseNotes = prompt.releaseNotes }
        // The policy's own texts, in the user's language, win over the defaults.
        if let text = prompt.text {
            if let title = text.title { screen.title = title }
            if let message = text.message { screen.message = message }
        }
        return screen
    }
}

extension Platform {
    /// The OS's name as users know it.
    public var osName: String {
        switch self {
        case .ios: "iOS"
        case .ipados: "iPadOS"
        case .macos: "macOS"
        case .tvos: "tvOS"
        case .watchos: "watchOS"
        case .visionos: "visionOS"
        case .android: "Android"
        }
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
