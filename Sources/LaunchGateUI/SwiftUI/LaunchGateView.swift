#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// Wraps an app's root view in its launch: the update check, sign-in, a new user's welcome, then
/// the app with the update banner and details dialog over it. It renders ``LaunchFlow/state`` and
/// forwards every tap to the flow; every decision is made in the core.
///
/// One line sets it up, with a default for everything else:
///
/// ```swift
/// @main struct NotesApp: App {
///     var body: some Scene {
///         WindowGroup {
///             LaunchGateView(policyURL: URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!,
///                            publicKey: "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=") {
///                 ContentView()
///             }
///         }
///     }
/// }
/// ```
///
/// Every state has a built-in screen, and any of them can be replaced:
///
/// ```swift
/// LaunchGateView(flow: flow) {
///     ContentView()
/// } updateRequired: { screen in
///     MyUpdateRequiredView(screen: screen)   // reads @Environment(LaunchFlow.self) for its buttons
/// }
/// ```
///
/// The update screens (loading, a required update, end of life, an unsupported device, a
/// recommended update) go above everything the app shows: on iOS they are drawn in a window of their
/// own above the app's, alerts included, so no sheet, cover or alert the app presented stays over
/// them and the keyboard leaves the app; on macOS they cover the content in this view, which is
/// hidden. A screen in that window gets the flow, the theme and the layout direction from the gate,
/// but not other environment values you set around it.
///
/// The app's content is mounted the first time the flow shows the app and stays mounted while the
/// same user is signed in: a banner, the dialog, a refresh's loading screen or a new blocking
/// screen covers it but never rebuilds it, so its `@State` survives. Signing out tears it down, and
/// the next user gets new content (``LaunchFlow/contentIdentity``).
///
/// The check starts when the view appears and runs again when the scene comes back from the
/// background, as the flow allows; a scene that was only inactive (Control Center,
/// Face ID) doesn't re-check. The gate's screens are laid out in their language's direction.
@MainActor
public struct LaunchGateView<Content: View>: View {
    /// Where the flow comes from: the caller, or made by this view once and kept.
    enum FlowSource {
        case given(LaunchFlow)
        case made(() -> LaunchFlow)
    }

    private let source: FlowSource
    private let content: () -> Content
    private let screens: LaunchGateScreens
    @State private var box = LaunchFlowBox()
    /// The user (``LaunchFlow/contentIdentity``) whose app was last shown, so their content stays
    /// mounted under every later screen while they are signed in.
    @State private var shownIdentity: String?
    /// Whether the update screens go in a window above the app's (iOS, once this view's window
    /// is known), rather than over the content in this view.
    @State private var isAboveApp = false
    @Environment(\.scenePhase) private var scenePhase
    /// Set when the scene goes to the background and cleared when it is active again: only that
    /// round trip re-checks, not Control Center, a notification or Face ID, which take
    /// the scene through inactive alone. A flag rather than the previous phase, so the check runs
    /// whether SwiftUI reports background → active or background → inactive → active.
    @State private var wasInBackground = false

    /// Creates the gate around a flow the app holds, with any screen replaced by the app's own.
    ///
    /// Each screen builder gets what the core decided to show; leave one out for the built-in
    /// screen. A custom screen forwards its taps with `@Environment(LaunchFlow.self)`.
    /// - Parameters:
    ///   - flow: The launch to render, such as `LaunchFlow.standard(…)` held in `@State`.
    ///   - content: The app's own root view.
    ///   - checking: The loading screen while a blocking check runs.
    ///   - updateRequired: The screen for a required update, which the user can't leave.
    ///   - endOfLife: The screen for an app past its end of life.
    ///   - deviceUnsupported: The screen for a device whose OS is too old.
    ///   - updateRecommended: The full screen for a recommended update, which the user may skip.
    ///   - signingIn: The sign-in screen; it is rebuilt every second while a countdown runs.
    ///   - welcome: A new user's welcome.
    ///   - banner: The update banner at the top of the app.
    ///   - details: The banner's details dialog, shown as a sheet over the app.
    public init<Checking: View, UpdateRequired: View, EndOfLife: View, DeviceUnsupported: View,
                UpdateRecommended: View, SigningIn: View, Welcome: View, Banner: View, Details: View>(
        flow: LaunchFlow,
        @ViewBuilder content: @escaping () -> Content,
        @ViewBuilder checking: @escaping () -> Checking = { LaunchGateLoadingView() },
        @ViewBuilder updateRequired: @escaping (GateScreen) -> UpdateRequired = { GateScreenView(screen: $0) },
        @ViewBuilder endOfLife: @escaping (GateScreen) -> EndOfLife = { GateScreenView(screen: $0) },
        @ViewBuilder deviceUnsupported: @escaping (GateScreen) -> DeviceUnsupported = { GateScreenView(screen: $0) },
        @ViewBuilder updateRecommended: @escaping (GateScreen) -> UpdateRecommended = { GateScreenView(screen: $0) },
        @ViewBuilder signingIn: @escaping (SignInScreen) -> SigningIn = { SignInScreenView(screen: $0) },
        @ViewBuilder welcome: @escaping (SignInScreen) -> Welcome = { SignInScreenView(screen: $0) },
        @ViewBuilder banner: @escaping (GateScreen) -> Banner = { GateBannerView(screen: $0) },
        @ViewBuilder details: @escaping (GateScreen) -> Details = { GateScreenView(screen: $0) }
    ) {
        self.init(source: .given(flow), content: content, screens: LaunchGateScreens(
            checking: checking, updateRequired: updateRequired, endOfLife: endOfLife,
            deviceUnsupported: deviceUnsupported, updateRecommended: updateRecommended, signingIn: signingIn,
            welcome: welcome, banner: banner, details: details))
    }

    init(source: FlowSource, content: @escaping () -> Content, screens: LaunchGateScreens) {
        self.source = source
        self.content = content
        self.screens = screens
    }

    /// The app under whatever the flow shows over it.
    public var body: some View {
        let flow = flow
        let state = flow.state
        let identity = flow.contentIdentity
        ZStack(alignment: .top) {
            appContent(showsApp: state.showsApp, identity: identity)
            GateLayer(flow: flow, screens: screens, part: isAboveApp ? .inApp : .all)
        }
        .sheet(item: details(flow)) { item in
            screens.details(item.screen)
                .announcedGate(item.screen)
                .presentationDetents([.medium, .large])
                .environment(\.layoutDirection, flow.strings.layoutDirection)
        }
        .aboveAppWindow(flow: flow, isPresented: state.isAboveApp, isActive: $isAboveApp) {
            GateLayer(flow: flow, screens: screens, part: .aboveApp)
        }
        .environment(flow)
        .task { await flow.start() }
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            case .background:
                wasInBackground = true
            case .active where wasInBackground:
                wasInBackground = false
                // Seed 000 re-checks on the way back from the background; the flow decides whether one is due.
                Task { await flow.didBecomeActive() }
            default:
                break
            }
        }
        .onChange(of: state.showsApp ? identity : nil, initial: true) { _, shown in
            if let shown { shownIdentity = shown }
        }
    }

    /// The app's content, keyed by whose it is: mounted the first time the flow shows the app to a
    /// user, kept (hidden) under later screens, torn down at sign-out, and built anew for the next
    /// user, so nothing of one user's `@State` or open sheets reaches another.
    @ViewBuilder
    private func appContent(showsApp: Bool, identity: String?) -> some View {
        if let identity, showsApp || shownIdentity == identity {
            content()
                .id(identity)
                .opacity(showsApp ? 1 : 0)
                .allowsHitTesting(showsApp)
                .accessibilityHidden(!showsApp)
        }
    }

    private var flow: LaunchFlow {
        switch source {
        case .given(let flow): flow
        case .made(let make): box.flow(orMake: make)
        }
    }

    /// The details dialog while the flow shows it. Swiping it away is its "Not Now"; a write
    /// that arrives after the flow moved on (to a blocking screen, say) dismisses nothing.
    private func details(_ flow: LaunchFlow) -> Binding<DetailsItem?> {
        Binding(
            get: { @MainActor in
                if case .app(_, let details?) = flow.state { DetailsItem(screen: details) } else { nil }
            },
            set: { @MainActor item in
                if item == nil, case .app(_, _?) = flow.state { flow.dismiss() }
            })
    }
}
#endif
