#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// The built-in loading screen while a blocking launch check runs ("Checking for
/// updates…", a UIKit app's loading controller), in the user's language.
@MainActor
public struct LaunchGateLoadingView: View {
    @Environment(LaunchFlow.self) private var flow: LaunchFlow?
    @Environment(\.launchGateTheme) private var theme

    /// Creates the loading screen; its words come from the ``LaunchFlow`` in the environment.
    public init() {}

    /// A spinner with the words, on the theme's background.
    public var body: some View {
        ProgressView((flow?.strings ?? .english).checking)
            .controlSize(.large)
            .foregroundStyle(theme.titleStyle)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(theme.backgroundStyle)
    }
}
#endif
