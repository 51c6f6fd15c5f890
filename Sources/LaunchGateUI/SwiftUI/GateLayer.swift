#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// What the flow shows over the app: a full screen, or nothing, for the state it reads from the
/// flow. ``LaunchGateView`` draws it over the app's content and, on iOS, draws the update screens
/// and account deletion in a window above the app's instead (``LaunchFlow/State/isAboveApp``). The banner is not
/// drawn over the app: ``LaunchGateView`` puts it above the app's content, which moves down.
@MainActor
struct GateLayer: View {
    /// Which of the flow's screens a layer draws.
    enum Part {
        /// Every screen: over the app's content, when there is no window above the app.
        case all
        /// The update screens and account deletion, in the window above the app's.
        case aboveApp
        /// The others (sign-in, the welcome), while the window above the app has the rest.
        case inApp

        /// Whether the layer draws the state's screen.
        func includes(_ state: LaunchFlow.State) -> Bool {
            switch self {
            case .all: true
            case .aboveApp: state.isAboveApp
            case .inApp: !state.isAboveApp
            }
        }
    }

    let flow: LaunchFlow
    let screens: LaunchGateScreens
    let part: Part

    var body: some View {
        let state = flow.state
        ZStack(alignment: .top) {
            if part.includes(state) {
                screen(for: state)
            }
        }
        .animation(.default, value: state)
        .environment(\.layoutDirection, flow.strings.layoutDirection)
    }

    @ViewBuilder
    private func screen(for state: LaunchFlow.State) -> some View {
        switch state {
        case .checking:
            fullScreen(screens.checking())
        case .updateRequired(let screen):
            fullScreen(screens.updateRequired(screen)).announcedGate(screen, announcesTitle: announcesTitle)
        case .endOfLife(let screen):
            fullScreen(screens.endOfLife(screen)).announcedGate(screen, announcesTitle: announcesTitle)
        case .deviceUnsupported(let screen):
            fullScreen(screens.deviceUnsupported(screen)).announcedGate(screen, announcesTitle: announcesTitle)
        case .maintenance(let screen):
            fullScreen(screens.maintenance(screen)).announcedGate(screen, announcesTitle: announcesTitle)
        case .updateRecommended(let screen):
            fullScreen(screens.updateRecommended(screen)).announcedGate(screen, announcesTitle: announcesTitle)
        case .signingIn:
            fullScreen(AnyView(SignInTimeline(flow: flow, screen: screens.signingIn)))
        case .welcome:
            fullScreen(AnyView(SignInTimeline(flow: flow, screen: screens.welcome)))
        case .deletingAccount(let screen):
            fullScreen(screens.deletingAccount(screen))
        case .app:
            EmptyView()
        }
    }

    /// In the window above the app VoiceOver is moved to the screen, which reads its title.
    private var announcesTitle: Bool { part != .aboveApp }

    private func fullScreen(_ view: AnyView) -> some View {
        view
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .transition(.opacity)
    }
}
#endif
