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
///             LaunchGateView(server: URL(string: "https://updates.example.com")!, appID: "notes",
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
///     MyUpdateRequiredView(screen: screen)   // runs its buttons with @Environment(\.performGateAction)
/// }
/// ```
///
/// The update screens (loading, a required update, end of life, an unsupported device,
/// maintenance, a recommended update) go above everything the app shows: on iOS they are drawn in
/// a window of their own above the app's, alerts included, so no sheet, cover or alert the app
/// presented stays over them and the keyboard leaves the app; on macOS they cover the content in
/// this view, which is hidden. A screen in that window gets the part of the app's environment around this view that a
/// screen is drawn with (locale, calendar, time zone, text size and weight, color scheme, `openURL`,
/// the theme, and what you name with `launchGateRelays(_:)`), with the flow and
/// the flow's layout direction. That window takes key (and the keyboard) only for a screen the user
/// can't leave, never while a check runs or for a recommended update, and gives it back when it goes.
///
/// The version.json banner sits above the app's content, in its safe area (`safeAreaInset(edge: .top)`):
/// the content, navigation bar included, moves down for it, and nothing is hidden.
///
/// The app's content is mounted the first time the flow shows the app and stays mounted while the
/// same user is signed in: a banner, the dialog, a refresh's loading screen or a new blocking
/// screen covers it but never rebuilds it, so its `@State` survives. Signing out tears it down, and
/// the next user gets new content (``LaunchFlow/contentIdentity``).
///
/// The check starts when the view appears and runs again when the scene comes back from the
/// background, as the flow allows; a scene that was only inactive (Control Center,
/// Face ID) doesn't re-check. The gate's screens are laid out in their language's direction.
/// Every window of an iPad app that uses the same one-line setup shares one flow; the banner's
/// details dialog opens in the window whose banner the user acted on, and the others keep their
/// banner. Code in the window opens details there with `@Environment(\.performGateAction)`
/// (``PerformGateAction/showDetails()``), which every view inside this one gets, and a banner of
/// your own calls it for its buttons. iOS doesn't say which window of an iPad app the user is in,
/// so details opened from code outside a window, with the flow's ``LaunchFlow/showDetails()``,
/// open in a window whose scene is in the foreground.
@MainActor
public struct LaunchGateView<Content: View>: View {
    /// Where the flow comes from: the caller, or made by this view once and kept.
    enum FlowSource {
        case given(LaunchFlow)
        case made(() -> LaunchFlow)
        /// A one-line setup's: one flow per setup for the whole process (``SharedFlows``).
        case shared(SharedFlows.Key, () -> LaunchFlow)
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
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// Whether the scene has come back from the background (the foreground re-check).
    @State private var foreground = ForegroundReturn()
    /// This window's identity for the details dialog, which opens in one window only.
    @State private var identity = AdapterIdentity()
    /// The banner this window showed last, kept while another window has the details dialog open.
    @State private var lastBanner: GateScreen?
    /// Re-sets the maintenance timer when the device's clock or time zone changes.
    @State private var timeChanges = NotificationFollower.timeChanges()
    #if canImport(UIKit) && !os(watchOS)
    /// Reads a session the locked keychain kept from the launch once the device is unlocked.
    @State private var protectedData = NotificationFollower.protectedData()
    #endif

    /// Creates the gate around a flow the app holds, with any screen replaced by the app's own.
    ///
    /// Each screen builder gets what the core decided to show; leave one out for the built-in
    /// screen. A custom screen runs its buttons with `@Environment(\.performGateAction)`
    /// (``PerformGateAction``), which every view inside this one gets, or reads the flow with
    /// `@Environment(LaunchFlow.self)`.
    /// - Parameters:
    ///   - flow: The launch to render, such as `LaunchFlow.standard(…)` made once in your `App`
    ///     (in its `@State`, not a view's: each window of an iPad app makes its own views, and the
    ///     windows must share one flow for a sign-out or a dismissal to reach them all).
    ///   - content: The app's own root view.
    ///   - checking: The loading screen while a blocking check runs.
    ///   - updateRequired: The screen for a required update, which the user can't leave.
    ///   - endOfLife: The screen for an app past its end of life.
    ///   - deviceUnsupported: The screen for a device whose OS is too old.
    ///   - updateRecommended: The full screen for a recommended update, which the user may skip.
    ///   - signingIn: The sign-in screen; it is rebuilt every second while a countdown runs.
    ///   - welcome: A new user's welcome.
    ///   - banner: The update banner at the top of the app; a banner of your own runs its buttons
    ///     with `@Environment(\.performGateAction)`, so the dialog opens in its window on an iPad.
    ///   - details: The banner's details dialog, shown as a sheet over the app.
    ///   - maintenance: The screen during a maintenance window, which the user can't leave; it
    ///     offers Try Again and the window's link.
    ///   - deletingAccount: The account deletion's screens (``LaunchFlow/State/deletingAccount(_:)``):
    ///     the confirmation, its progress and the done screen, drawn above the app. One of your own
    ///     runs its buttons with ``LaunchFlow/perform(_:)-(AccountDeletionAction.Role)``, and may wrap
    ///     ``AccountDeletionView`` to add words of your own (that a subscription is billed by Apple).
    public init<Checking: View, UpdateRequired: View, EndOfLife: View, DeviceUnsupported: View,
                UpdateRecommended: View, SigningIn: View, Welcome: View, Banner: View, Details: View,
                Maintenance: View, DeletingAccount: View>(
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
        @ViewBuilder details: @escaping (GateScreen) -> Details = { GateScreenView(screen: $0) },
        @ViewBuilder maintenance: @escaping (GateScreen) -> Maintenance = { GateScreenView(screen: $0) },
        @ViewBuilder deletingAccount: @escaping (AccountDeletionScreen) -> DeletingAccount = { AccountDeletionView(screen: $0) }
    ) {
        self.init(source: .given(flow), content: content, screens: LaunchGateScreens(
            checking: checking, updateRequired: updateRequired, endOfLife: endOfLife,
            deviceUnsupported: deviceUnsupported, updateRecommended: updateRecommended, signingIn: signingIn,
            welcome: welcome, banner: banner, details: details, maintenance: maintenance,
            deletingAccount: deletingAccount))
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
        let contentIdentity = flow.contentIdentity
        ZStack(alignment: .top) {
            appContent(showsApp: state.showsApp, identity: contentIdentity)
                // The version.json banner is non-intrusive: the content moves down for it, so it covers
                // no navigation bar or first row.
                .safeAreaInset(edge: .top, spacing: 0) { banner(for: state, flow: flow) }
                .animation(.default, value: state.showsApp ? state.gateScreen : nil)
            GateLayer(flow: flow, screens: screens, part: isAboveApp ? .inApp : .all)
        }
        .sheet(item: details(flow)) { item in
            screens.details(item.screen)
                .announcedGate(item.screen)
                .presentationDetents([.medium, .large])
                // Shown on purpose rather than left to .automatic, as the UIKit sheet shows it
                // (DetailsDialog): at the medium detent it says the rest is a drag away.
                .presentationDragIndicator(.visible)
                .environment(\.layoutDirection, flow.strings.layoutDirection)
        }
        // Only a screen the user can't leave, and account deletion, take key: what the app or an SDK
        // presents on the key window during a check or over a recommended update stays the app's.
        // A new screen there (a blocking one after the loading screen) is hosted anew, so VoiceOver
        // moves to it.
        .aboveAppWindow(flow: flow, isPresented: state.isAboveApp, screenID: AnyHashable(state.gateScreen),
                        takesKey: state.takesKey, isActive: $isAboveApp) {
            GateLayer(flow: flow, screens: screens, part: .aboveApp)
                .environment(\.performGateAction, perform)
        }
        .environment(flow)
        // Code in this window (the content, the banner, the dialog, a screen) opens details here.
        .environment(\.performGateAction, perform)
        .background { windowReader() }
        // Details opened from code outside a window may go to this one while its scene is in the
        // foreground (DetailsPresenter).
        .onAppear {
            DetailsPresenter.process.register(identity, for: flow)
            timeChanges.start(flow)
            #if canImport(UIKit) && !os(watchOS)
            protectedData.start(flow)
            SystemBackgroundTask.install(on: flow)
            #endif
        }
        .onChange(of: Self.bannerScreen(of: state), initial: true) { _, shown in
            if let shown { lastBanner = shown }
        }
        .task { await flow.start() }
        #if canImport(StoreKit)
        // Alongside the check, not before it: StoreKit's answer must not hold up the launch decision.
        // SwiftUI cancels the task, and so the storefront's updates, when this view goes; the
        // closure captures only a weak reference, not the view and its flow.
        .task { [reference = WeakFlow(flow)] in await LaunchFlow.followStorefront(reference) }
        #endif
        .onChange(of: scenePhase, initial: true) { _, phase in
            // The `/api/version` check re-checks on the way back from the background; the flow decides whether one is
            // due. The first phase counts too: a scene made during a background launch starts in the
            // background, and its first return to active re-reads a session a locked keychain kept.
            if foreground.enter(phase) {
                Task { await flow.didBecomeActive() }
                #if canImport(StoreKit)
                Task { [reference = WeakFlow(flow)] in await LaunchFlow.readStorefront(reference) }
                #endif
            }
        }
        .onChange(of: state.showsApp ? contentIdentity : nil, initial: true) { _, shown in
            if let shown { shownIdentity = shown }
        }
    }

    /// Tells this view's identity its window, whose scene says whether details opened from code
    /// outside a window may open here (``DetailsPresenter``).
    @ViewBuilder
    private func windowReader() -> some View {
        #if canImport(UIKit) && !os(watchOS)
        WindowReader { [identity] window in
            identity.window = window
        } onEnvironment: { _ in }
        #endif
    }

    /// Runs a gate action and opens details for this window, wherever in it the call is made.
    private var perform: PerformGateAction {
        PerformGateAction(flow: flow, adapter: identity)
    }

    /// The version.json banner, while the flow shows one, and while another window of the app has its
    /// details dialog open. Acting on it claims the dialog for this window.
    @ViewBuilder
    private func banner(for state: LaunchFlow.State, flow: LaunchFlow) -> some View {
        if let banner = Self.bannerScreen(of: state) ?? keptBanner(state, flow: flow) {
            screens.banner(banner)
                .claimsDetails(of: flow, for: identity)
                // Sliding in is motion Reduce Motion asks to leave out: the banner fades instead.
                .transition(reduceMotion ? .opacity : .move(edge: .top).combined(with: .opacity))
        }
    }

    private static func bannerScreen(of state: LaunchFlow.State) -> GateScreen? {
        if case .app(let banner?, _) = state { banner } else { nil }
    }

    /// The banner shown before the details opened, while they are open in another window.
    private func keptBanner(_ state: LaunchFlow.State, flow: LaunchFlow) -> GateScreen? {
        guard case .app(nil, _?) = state, !DetailsPresenter.process.presents(flow, in: identity) else { return nil }
        return lastBanner
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
        case .shared(let key, let make): SharedFlows.process.flow(for: key, orMake: make)
        }
    }

    /// The details dialog while the flow shows it and this window owns it (``DetailsPresenter``).
    /// Swiping it away is its "Not Now"; a write that arrives after the flow moved on (to a
    /// blocking screen, say), or after the dialog moved to another window, dismisses nothing.
    private func details(_ flow: LaunchFlow) -> Binding<DetailsItem?> {
        let identity = identity
        return Binding(
            get: { @MainActor in
                guard case .app(_, let details?) = flow.state, DetailsPresenter.process.presents(flow, in: identity) else { return nil }
                return DetailsItem(screen: details)
            },
            set: { @MainActor item in
                if item == nil, case .app(_, _?) = flow.state, DetailsPresenter.process.presents(flow, in: identity) { flow.dismiss() }
            })
    }
}
#endif
