#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// Runs an update banner's button, or opens its details, for the window the call is made in: it
/// claims the banner's details dialog for that window, then hands the action to the flow. The
/// windows of an iPad app share one flow, and the dialog opens in one window only: the one whose
/// banner the user acted on, or whose code opened it. (iOS doesn't say which window of an iPad app
/// the user is in: the flow's own ``LaunchFlow/showDetails()`` opens the dialog in a window whose
/// scene is in the foreground.)
///
/// A banner of your own reads it from the environment and calls it in each button's action, in
/// place of the flow's `perform(_:)`, so the dialog opens in the right window however the button
/// was activated: a tap, VoiceOver, Switch Control, Voice Control or a keyboard (a tap gesture
/// alone sees only the first).
///
/// ```swift
/// struct MyBanner: View {
///     let screen: GateScreen
///     @Environment(\.performGateAction) private var perform
///
///     var body: some View {
///         if let action = screen.primaryAction {
///             Button(screen.title) { perform(action) }
///         }
///     }
/// }
/// ```
///
/// Code anywhere in the window opens the details there:
///
/// ```swift
/// struct WhatsNewButton: View {
///     @Environment(\.performGateAction) private var perform
///
///     var body: some View {
///         Button("What's New") { perform.showDetails() }
///     }
/// }
/// ```
///
/// ``LaunchGateView`` sets it for every view inside it (the app's content, the banner, the details
/// dialog and the other screens), and ``LaunchGateViewController`` for its banner. Outside them (a
/// view of your own in a UIKit screen, an Xcode Preview) it has no flow: calling it does nothing, so
/// pass the flow with ``callAsFunction(_:orOn:)``.
public struct PerformGateAction: Sendable, Equatable {
    /// Gives the flow to run the action on, claiming the dialog for the window first when asked.
    private let claim: @MainActor @Sendable (_ claimsDetails: Bool) -> LaunchFlow?
    /// The flow's and the adapter's identities: two values for the same window are equal, so
    /// SwiftUI doesn't draw the views that read it again each time ``LaunchGateView`` is.
    private let identities: [ObjectIdentifier]

    /// The action of an adapter's banner.
    /// - Parameters:
    ///   - flow: The flow the banner shows.
    ///   - adapter: The window's adapter, held weakly (``DetailsPresenter``).
    init(flow: LaunchFlow, adapter: some DetailsHost & Sendable) {
        identities = [ObjectIdentifier(flow), ObjectIdentifier(adapter)]
        claim = { [weak flow, weak adapter] claimsDetails in
            guard let flow else { return nil }
            if claimsDetails, let adapter { DetailsPresenter.process.activate(adapter, for: flow) }
            return flow
        }
    }

    /// The action outside an adapter: it does nothing.
    init() {
        identities = []
        claim = { _ in nil }
    }

    public static func == (lhs: PerformGateAction, rhs: PerformGateAction) -> Bool {
        lhs.identities == rhs.identities
    }

    /// Opens the flow's details dialog in this window, or moves it here from another window; does
    /// nothing while the flow shows neither the banner nor its details.
    @MainActor
    public func showDetails() {
        claim(true)?.showDetails()
    }

    /// Runs `action` on the flow, claiming the details dialog for this window at once when the
    /// action opens it, as a button's action calls it (like SwiftUI's `openURL`); the flow's work
    /// runs in a task of its own.
    /// - Parameter action: One of the banner's actions, such as its `primaryAction`.
    @MainActor
    public func callAsFunction(_ action: GateAction) {
        guard let flow = claim(Self.claimsDetails(action)) else { return }
        Task { await flow.perform(action) }
    }

    /// Runs `action` on the flow, claiming the details dialog for this window first when the
    /// action opens it, and returns once the flow has run it.
    /// - Parameter action: One of the banner's actions, such as its `primaryAction`.
    @MainActor
    public func callAsFunction(_ action: GateAction) async {
        await claim(Self.claimsDetails(action))?.perform(action)
    }

    /// Runs `action` (claiming the details dialog for this window first when it opens it) on the adapter's
    /// flow, or, outside ``LaunchGateView`` and ``LaunchGateViewController``'s banner, on
    /// `fallback` (a banner placed by hand, a preview).
    /// - Parameters:
    ///   - action: One of the screen's actions.
    ///   - fallback: The flow to run it on where no adapter set this value.
    @MainActor
    public func callAsFunction(_ action: GateAction, orOn fallback: LaunchFlow?) async {
        await (claim(Self.claimsDetails(action)) ?? fallback)?.perform(action)
    }

    /// Whether `action` takes the details dialog to this window: opening details does; "Not Now"
    /// in a window that kept its banner doesn't move the dialog open in another one before it
    /// closes, and opening the update URL leaves it where it is.
    private static func claimsDetails(_ action: GateAction) -> Bool {
        action.role == .showDetails
    }
}

extension EnvironmentValues {
    /// Runs an update banner's button for the window the banner is in (``PerformGateAction``).
    public internal(set) var performGateAction: PerformGateAction {
        get { self[PerformGateActionKey.self] }
        set { self[PerformGateActionKey.self] = newValue }
    }
}

private struct PerformGateActionKey: EnvironmentKey {
    static let defaultValue = PerformGateAction()
}
#endif
