#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// One environment value that LaunchGate's screens in the window above the app take from where
/// ``LaunchGateView`` is (``EnvironmentRelay``). That window is a hierarchy of its own, so nothing
/// of the app's environment reaches it unless it is named here, or by the app with
/// `launchGateRelays(_:)`.
///
/// Only values a screen is drawn with are named: the app's presentation state (`dismiss`,
/// `isPresented`, the undo manager) belongs to the app's hierarchy and would act on it from the
/// gate's window. The accessibility settings (Reduce Motion, Bold Text and the others) are the
/// system's, so the gate's window has them already.
struct RelayedValue: @unchecked Sendable {
    // @unchecked: each closure reads or writes one key path of EnvironmentValues and holds nothing else.
    /// Copies the value from the app's environment into the screen's.
    let copy: (inout EnvironmentValues, EnvironmentValues) -> Void
    /// Whether the value is the same in two environments: the screen is drawn again only when a
    /// relayed value changed, not at every update of the app's hierarchy.
    let isSame: (EnvironmentValues, EnvironmentValues) -> Bool

    /// A value the screen follows as it changes.
    init<Value: Equatable>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>) {
        copy = { target, source in target[keyPath: keyPath] = source[keyPath: keyPath] }
        isSame = { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }

    /// A value that can't be compared (an action): the screen takes the latest whenever it is drawn.
    init<Value>(action keyPath: WritableKeyPath<EnvironmentValues, Value>) {
        copy = { target, source in target[keyPath: keyPath] = source[keyPath: keyPath] }
        isSame = { _, _ in true }
    }

    /// What every screen in the window above the app takes from the app: how text, dates and
    /// numbers read (locale, calendar, time zone), how large and heavy text is (the app may clamp
    /// Dynamic Type, or ask for bold), the color scheme a region of the app forces, where links
    /// open (the app's `openURL` handler), and LaunchGate's theme.
    static let builtIn: [RelayedValue] = [
        RelayedValue(\.locale), RelayedValue(\.calendar), RelayedValue(\.timeZone), RelayedValue(\.dynamicTypeSize),
        RelayedValue(\.legibilityWeight), RelayedValue(\.colorScheme), RelayedValue(\.launchGateTheme),
        RelayedValue(action: \.openURL),
    ]
}

extension EnvironmentValues {
    /// The app's own values its `launchGateRelays(_:)` calls named, for the window above the app.
    var launchGateRelayedValues: [RelayedValue] {
        get { self[RelayedValuesKey.self] }
        set { self[RelayedValuesKey.self] = newValue }
    }
}

private struct RelayedValuesKey: EnvironmentKey {
    static let defaultValue: [RelayedValue] = []
}

extension View {
    /// Passes one of your environment values to LaunchGate's screens in the window above the app,
    /// where a custom screen doesn't get the app's environment otherwise: only the locale, calendar,
    /// time zone, text size and weight, color scheme, `openURL` and the theme are passed on their own.
    ///
    /// ```swift
    /// LaunchGateView(flow: flow) { ContentView() } updateRequired: { screen in
    ///     BrandedUpdateScreen(screen: screen)   // reads @Environment(\.brandPalette)
    /// }
    /// .launchGateRelays(\.brandPalette)
    /// ```
    /// - Parameter keyPath: The value; the screen is drawn again whenever it changes.
    /// - Returns: The view; apply it outside the ``LaunchGateView``.
    public func launchGateRelays<Value: Equatable>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>) -> some View {
        transformEnvironment(\.launchGateRelayedValues) { $0.append(RelayedValue(keyPath)) }
    }
}
#endif
