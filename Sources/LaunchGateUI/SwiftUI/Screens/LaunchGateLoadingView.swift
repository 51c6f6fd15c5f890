#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// The built-in loading screen while a blocking launch check runs ("Checking for
/// updates…", a UIKit app's loading controller), in the user's language.
@MainActor
public struct LaunchGateLoadingView: View {
    @Environment(LaunchFlow.self) private var flow: LaunchFlow?
    @Environment(\.launchGateTheme) private var theme
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.colorSchemeContrast) private var contrast

    /// Creates the loading screen; its words come from the ``LaunchFlow`` in the environment.
    public init() {}

    /// A spinner with the words, on the theme's background.
    public var body: some View {
        let styles = theme.styles(for: colorScheme, contrast: contrast)
        ProgressView((flow?.strings ?? .english).checking)
            .largeControl()
            // The spinner takes the tint, not the foreground style (light grey on turquoise otherwise).
            .tint(styles.title)
            .foregroundStyle(styles.title)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(styles.background)
    }
}
#endif
