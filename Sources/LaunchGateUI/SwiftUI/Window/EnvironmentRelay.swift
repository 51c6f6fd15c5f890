#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import LaunchGate
import Observation
import SwiftUI

/// Carries the app's environment, where ``LaunchGateView`` is, to the screens hosted in the window
/// above the app, which SwiftUI sees as a separate hierarchy: the values ``RelayedValue`` names,
/// and the app's own it named with `launchGateRelays(_:)`, nothing else.
@MainActor
@Observable
final class EnvironmentRelay {
    /// Counts the changes of a relayed value: the hosted screen reads it, so it is drawn again then,
    /// and only then (EnvironmentValues can't be compared as a whole).
    private(set) var revision = 0
    /// The environment at ``LaunchGateView``, as last seen.
    @ObservationIgnored private(set) var source = EnvironmentValues()
    /// The values passed on: the built-in ones and the app's.
    @ObservationIgnored private(set) var relayed = RelayedValue.builtIn

    /// Takes the environment at ``LaunchGateView``, as SwiftUI updates it there.
    /// - Parameter values: The environment.
    /// - Returns: Whether a relayed value differs from the last seen, so the hosted screen must be
    ///   drawn again (call ``published()`` for that, outside SwiftUI's update).
    func take(_ values: EnvironmentValues) -> Bool {
        let relayed = RelayedValue.builtIn + values.launchGateRelayedValues
        let changed = relayed.count != self.relayed.count || relayed.contains { !$0.isSame(source, values) }
        source = values
        self.relayed = relayed
        return changed
    }

    /// Tells the hosted screen that what it takes has changed.
    func published() { revision += 1 }

    /// Puts the relayed values into a hosted screen's environment, over its own.
    /// - Parameter values: The screen's environment.
    func apply(to values: inout EnvironmentValues) {
        for value in relayed { value.copy(&values, source) }
    }
}

/// A screen in the window above the app, with the relayed part of the app's environment, then the
/// flow and the flow's layout direction over it.
struct RelayedEnvironment<Content: View>: View {
    let relay: EnvironmentRelay
    let flow: LaunchFlow
    let content: Content

    var body: some View {
        // Read here so the screen is drawn again when a relayed value changes.
        let revision = relay.revision
        // The innermost modifier wins: the app's values first, then LaunchGate's own over them.
        content
            .environment(\.layoutDirection, flow.strings.layoutDirection)
            .environment(flow)
            .transformEnvironment(\.self) { [relay] values in
                _ = revision
                relay.apply(to: &values)
            }
    }
}
#endif
