#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import LaunchGate
import Observation
import SwiftUI

/// Carries the app's environment, where ``LaunchGateView`` is, to the screens hosted in the window
/// above the app, which SwiftUI sees as a separate hierarchy: a custom screen gets the app's
/// locale, text size, tint and its own environment values as if it were drawn in place.
@MainActor
@Observable
final class EnvironmentRelay {
    /// The environment at ``LaunchGateView``, updated whenever SwiftUI updates it there.
    var values = EnvironmentValues()
}

/// A screen in the window above the app, in the app's environment, with the flow, the theme and
/// the flow's layout direction on top of it.
struct RelayedEnvironment<Content: View>: View {
    let relay: EnvironmentRelay
    let flow: LaunchFlow
    let content: Content

    var body: some View {
        // The innermost modifier wins: the app's values first, then LaunchGate's own over them.
        content
            .environment(\.layoutDirection, flow.strings.layoutDirection)
            .environment(flow)
            .environment(\.self, relay.values)
    }
}
#endif
