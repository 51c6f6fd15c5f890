#if canImport(UIKit) && !os(watchOS)
import Foundation
import LaunchGate
import Observation
import SwiftUI
import UIKit

/// The root view controller of a UIKit app: it shows a screen for each
/// ``LaunchFlow/state`` (loading, an update screen, sign-in, the welcome) over the app's main
/// controller, the update banner and details dialog over the app, and re-checks when the app
/// comes back from the background. It decides nothing itself.
///
/// The update screens (loading, a required update, end of life, an unsupported device,
/// maintenance, a recommended update) are shown in a window of their own above the app's, alerts
/// included: a sheet, cover or alert the app presented stays under them, and the keyboard leaves the app.
/// That window becomes the key window only for a screen the user acts on, never for the loading
/// screen, and gives key back when it goes. Sign-in and the welcome are children of this controller.
///
/// ```swift
/// window.rootViewController = LaunchGateViewController(
///     server: URL(string: "https://updates.example.com")!, appID: "notes",
///     publicKey: "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=") { MainTabBarController() }
/// ```
///
/// The main controller is made the first time the flow shows the app to a user and kept while they
/// are signed in: a later loading or blocking screen covers it and hides it from VoiceOver, but
/// never replaces it. Signing out drops it, with whatever it presented, and the next user gets a
/// new one from `main` (``LaunchFlow/contentIdentity``). Its preferences for the status bar, the
/// home indicator, the system gestures and rotation are this controller's, and the banner moves
/// its content down (`additionalSafeAreaInsets`) rather than covering its navigation bar.
@MainActor
public final class LaunchGateViewController: UIViewController {
    /// The launch this controller renders.
    public let flow: LaunchFlow
    /// The app's main controller, once the flow has shown the app to the signed-in user; `nil`
    /// before, and again from sign-out until the next user's app is shown.
    public private(set) var mainViewController: UIViewController?

    private let theme: LaunchGateTheme
    private let makeMain: () -> UIViewController
    /// Whose app ``mainViewController`` is (``LaunchFlow/contentIdentity``).
    private var mainIdentity: String?
    /// The screen over the app: in this controller's view, or in ``gateWindow`` above the app's window.
    private var cover: (kind: Cover, controller: UIViewController, isAboveApp: Bool)?
    /// The window above the app's, for the update screens (``LaunchFlow/State/isAboveApp``).
    let gateWindow = GateWindow()
    /// The version.json banner, and the room it makes above the main controller's content.
    private let banner = BannerSlot()
    private let detailsDialog: DetailsDialog
    /// Reads a session the locked keychain kept from the launch once the device is unlocked.
    private let protectedData = NotificationFollower.protectedData()
    private let timeChanges = NotificationFollower.timeChanges()
    /// The re-check on the way back from the background, not after Control Center or Face ID
    /// (which only make the app inactive); the flow decides whether one is due.
    private let foregroundReturns = NotificationFollower([UIApplication.willEnterForegroundNotification]) { flow in
        Task { await flow.didBecomeActive() }
        #if canImport(StoreKit)
        Task { [reference = WeakFlow(flow)] in await LaunchFlow.readStorefront(reference) }
        #endif
    }
    /// StoreKit's storefront changes, followed while this controller lives. Set once, on the main
    /// actor, in `viewDidLoad`; read only by `deinit`, when nothing else can reach the controller.
    /// (An isolated deinit would need iOS 18.4.)
    nonisolated(unsafe) private var storefrontUpdates: Task<Void, Never>?

    /// Creates the root controller around a flow the app configured itself.
    /// - Parameters:
    ///   - flow: The launch to render.
    ///   - theme: The look of the built-in screens; ``LaunchGateTheme/system`` by default.
    ///   - main: Makes the app's main controller: when the app is first shown, and again for
    ///     each user who signs in after another signed out.
    public init(flow: LaunchFlow, theme: LaunchGateTheme = .system, main: @escaping () -> UIViewController) {
        self.flow = flow
        self.theme = theme
        self.makeMain = main
        self.detailsDialog = DetailsDialog(flow: flow, theme: theme)
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable, message: "Create LaunchGateViewController in code; storyboards are not supported.")
    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    deinit {
        storefrontUpdates?.cancel()
    }

    /// Follows the flow's state, starts the launch and listens for the app's return from the background.
    public override func viewDidLoad() {
        super.viewDidLoad()
        // tvOS and visionOS have no status bar.
        #if !os(tvOS) && !os(visionOS)
        registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (controller: LaunchGateViewController, _: UITraitCollection) in
            controller.setNeedsStatusBarAppearanceUpdate()
        }
        #endif
        observe()
        protectedData.start(flow)
        timeChanges.start(flow)
        SystemBackgroundTask.install(on: flow)
        foregroundReturns.start(flow)
        Task { await flow.start() }
        #if canImport(StoreKit)
        // Alongside the check, not before it: StoreKit's answer must not hold up the launch decision.
        storefrontUpdates = Task { [reference = WeakFlow(flow)] in await LaunchFlow.followStorefront(reference) }
        #endif
    }

    /// Moves an update screen shown before this controller was in a window to the window above the
    /// app's, now that there is one. (`viewDidAppear`, not earlier: the app's window is key by then,
    /// so the screen's window takes the keyboard from it rather than the other way round.)
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // Details opened from code outside a window may go to this one while its scene is in the
        // foreground (DetailsPresenter).
        DetailsPresenter.process.register(self, for: flow)
        show(cover: Cover(flow.state), aboveApp: flow.state.isAboveApp)
    }

    /// Takes the screen above the app down when this controller has left its window for good (the
    /// app gave the window another root, say), not when a full-screen presentation of its own
    /// covers it: a window left over the app would take its touches and hide it from VoiceOver.
    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        guard viewIfLoaded?.window == nil, presentedViewController == nil, let cover, cover.isAboveApp else { return }
        self.cover = nil
        gateWindow.hide()
    }

    /// Keeps the app's content clear of the banner as the banner's height changes (rotation, text size).
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        updateBannerInset()
    }

    #if !os(tvOS) && !os(visionOS)
    // What is on screen in this controller's window (a cover, or the app) has the say over the
    // status bar, the home indicator and the system gestures, and the app over rotation; but a
    // cover's style is the theme's (a hosting controller's own, `.default`, is light text in Dark
    // Mode whatever the screen's background). visionOS has no status bar.
    public override var childForStatusBarStyle: UIViewController? { appearanceOwner === mainViewController ? mainViewController : nil }
    /// The style over a sign-in, welcome or loading screen drawn in this controller's view: dark
    /// text on the theme's background where black reads better than white, light text otherwise.
    public override var preferredStatusBarStyle: UIStatusBarStyle {
        theme.statusBarStyle(for: traitCollection.userInterfaceStyle)
    }
    public override var childForStatusBarHidden: UIViewController? { appearanceOwner }
    #endif
    #if !os(tvOS)
    public override var childForHomeIndicatorAutoHidden: UIViewController? { appearanceOwner }
    public override var childForScreenEdgesDeferringSystemGestures: UIViewController? { appearanceOwner }
    public override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        mainViewController?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
    }
    public override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
        mainViewController?.preferredInterfaceOrientationForPresentation ?? super.preferredInterfaceOrientationForPresentation
    }
    #endif

    /// The child whose preferences are this controller's: a cover drawn in this window, or the app.
    private var appearanceOwner: UIViewController? {
        if let cover, !cover.isAboveApp { return cover.controller }
        return mainViewController
    }

    // MARK: Rendering

    /// Renders the state and renders again when it, the signed-in user or the window that owns the
    /// details dialog changes. Only those are read under tracking: the app's main controller and the
    /// hosted screens read what they like without making this controller re-render.
    private func observe() {
        let (state, identity, ownsDetails) = withObservationTracking {
            (flow.state, flow.contentIdentity, DetailsPresenter.process.presents(flow, in: self))
        } onChange: { [weak self] in
            Task { @MainActor in self?.observe() }
        }
        render(state, identity: identity, ownsDetails: ownsDetails)
    }

    private func render(_ state: LaunchFlow.State, identity: String?, ownsDetails: Bool) {
        let owner = appearanceOwner
        showMain(state.showsApp, identity: identity)
        show(cover: Cover(state), aboveApp: state.isAboveApp)
        if case .app(let bannerScreen, let details) = state {
            // The dialog opens in one window of an iPad app; the others keep the banner they show.
            if details != nil, !ownsDetails {
                show(banner: banner.last)
                detailsDialog.show(nil, from: self)
            } else {
                show(banner: bannerScreen)
                detailsDialog.show(details, from: self)
            }
        } else {
            show(banner: nil)
            detailsDialog.show(nil, from: self)
        }
        if appearanceOwner !== owner { appearanceOwnerChanged() }
    }

    /// Asks UIKit to read the status bar, home indicator, gesture and rotation preferences again.
    private func appearanceOwnerChanged() {
        #if !os(tvOS) && !os(visionOS)
        setNeedsStatusBarAppearanceUpdate()
        #endif
        #if !os(tvOS)
        setNeedsUpdateOfHomeIndicatorAutoHidden()
        setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
        setNeedsUpdateOfSupportedInterfaceOrientations()
        #endif
    }

    /// The signed-in user's main controller, visible while the app is shown. Another user's, or
    /// one left from before a sign-out, goes first, with whatever it presented.
    private func showMain(_ showsApp: Bool, identity: String?) {
        if let main = mainViewController, identity != mainIdentity {
            // The app's sheets and alerts hang off this controller, not off `main`. After an account
            // deletion they go while the done screen covers them, in the window above the app's.
            if presentedViewController != nil { dismiss(animated: false) }
            remove(main)
            mainViewController = nil
            mainIdentity = nil
        }
        if showsApp, mainViewController == nil, let identity {
            embedMain()
            mainIdentity = identity
        }
        mainViewController?.view.isHidden = !showsApp
    }

    private func embedMain() {
        let main = makeMain()
        addChild(main)
        main.view.frame = view.bounds
        main.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.insertSubview(main.view, at: 0)
        main.didMove(toParent: self)
        mainViewController = main
        banner.contentReplaced()
        updateBannerInset()
    }

    /// Shows a cover, or none. An update screen or account deletion goes in the window above the
    /// app's, once this controller is in a window; until then, and for sign-in and the welcome, it is a child
    /// over the main controller.
    private func show(cover kind: Cover?, aboveApp: Bool) {
        // The last window this controller was in, even while it is out of it: a full-screen
        // presentation takes this view out of the window, and a screen drawn in it would be hidden
        // under what the app presented.
        if let window = view.window { gateWindow.appWindow = window }
        let isAboveApp = aboveApp && gateWindow.canShow
        guard kind != cover?.kind || isAboveApp != cover?.isAboveApp else { return }
        if let old = cover, !old.isAboveApp { remove(old.controller) }
        cover = nil
        guard let kind else { return gateWindow.hide() }
        // In the window above the app, VoiceOver is moved to the screen, which reads its title.
        let controller = makeController(for: kind, announcesTitle: !isAboveApp)
        // Only a screen the user can't leave, and account deletion, take key: what the app or an SDK
        // presents on the key window during a check or over a recommended update stays the app's.
        if isAboveApp, gateWindow.show(controller, takesKey: flow.state.takesKey, theme: theme) {
            cover = (kind, controller, true)
            return
        }
        gateWindow.hide()
        addChild(controller)
        controller.view.frame = view.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(controller.view)
        controller.didMove(toParent: self)
        cover = (kind, controller, false)
    }

    private func show(banner screen: GateScreen?) {
        guard screen != banner.screen else { return }
        if let screen {
            banner.show(host(GateBannerView(screen: screen).claimsDetails(of: flow, for: self)), for: screen, in: self)
        } else {
            banner.remove()
        }
        updateBannerInset()
    }

    /// Moves the app's content down by the banner's height at the width it has now, and back up
    /// when it goes.
    private func updateBannerInset() {
        banner.layout(in: self, content: mainViewController)
    }

    private func makeController(for cover: Cover, announcesTitle: Bool) -> UIViewController {
        switch cover {
        case .loading: host(LaunchGateLoadingView())
        case .gate(let screen): host(GateScreenView(screen: screen).announcedGate(screen, announcesTitle: announcesTitle))
        case .signingIn, .welcome: host(SignInTimeline(flow: flow) { SignInScreenView(screen: $0) })
        case .deletingAccount: host(AccountDeletionFollower(flow: flow))
        }
    }

    /// A hosting controller for one of the flow's screens, laid out in its language's direction.
    private func host(_ view: some View) -> UIHostingController<some View> {
        flow.hostingController(for: view, theme: theme)
    }

    private func remove(_ child: UIViewController) {
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
    }
}
#endif
