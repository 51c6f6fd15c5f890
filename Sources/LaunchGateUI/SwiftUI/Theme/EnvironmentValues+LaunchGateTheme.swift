#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

extension EnvironmentValues {
    /// The look of LaunchGate's screens below this point; ``LaunchGateTheme/system`` unless set.
    public var launchGateTheme: LaunchGateTheme {
        get { self[LaunchGateThemeKey.self] }
        set { self[LaunchGateThemeKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of LaunchGate's screens inside this view.
    ///
    /// ```swift
    /// LaunchGateView(flow: flow) { ContentView() }
    ///     .launchGateTheme(.playful)
    /// ```
    /// - Parameter theme: The theme, such as ``LaunchGateTheme/playful`` (the turquoise sign-in look).
    /// - Returns: The view with the theme set for everything inside it.
    public func launchGateTheme(_ theme: LaunchGateTheme) -> some View {
        environment(\.launchGateTheme, theme)
    }
}

private struct LaunchGateThemeKey: EnvironmentKey {
    static let defaultValue = LaunchGateTheme.system
}
#endif
