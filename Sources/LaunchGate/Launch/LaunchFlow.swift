import Foundation
import Observation

/// An app's whole launch as one object: the update check, sign-in, a new user's welcome, then the
/// app with its update banner. Views render ``state`` and forward taps to its
/// methods; every decision is made here or in the parts it composes, and tested on Linux.
///
/// ```swift
/// let flow = LaunchFlow(updates: monitor, signIn: signInFlow)
/// // SwiftUI: LaunchGateView(flow: flow) { ContentView() }
/// ```
///
/// The order holds at all times: checking, then a blocking screen (required update, end of life,
/// unsupported device, maintenance), then a recommended update, then sign-in, then the welcome, then the app.
/// ``state`` is worked out from the parts each time it is read, so it can never disagree with them,
/// and a block that arrives mid sign-in hides sign-in without resetting it.
@MainActor
@Observable
public final class LaunchFlow {
    /// The update check; `nil` when this flow has none (a setup that failed open).
    public let updates: UpdateMonitor?
    /// Sign-in; `nil` when the app has none, so the update check leads straight to the app.
    public let signIn: SignInFlow?
    /// The default texts in the user's language, for the loading, sign-in and welcome screens:
    /// the ones given, or the update check's, or the device's; chosen the first time a screen needs
    /// them, not while the app launches.
    public var strings: LaunchGateStrings {
        if let chosenStrings { return chosenStrings }
        let strings = updates?.strings ?? .forLanguages(Locale.preferredLanguages)
        chosenStrings = strings
        return strings
    }

    @ObservationIgnored private var chosenStrings: LaunchGateStrings?
    @ObservationIgnored let configuration: Configuration
    /// The launch, run once however often ``start()`` is called (a view's `.task` re-runs on
    /// every appearance, and several windows may share one flow).
    @ObservationIgnored private var launch: Task<Void, Never>?
    @ObservationIgnored private var hasLaunched = false
    /// Hears a failed check, with the monitor's error (a one-line setup's debug-build log): once
    /// per distinct failure, and again after a check succeeds.
    @ObservationIgnored var onCheckFailure: (@MainActor (LaunchGateError) -> Void)?
    /// The failure last reported, so a re-check that fails the same way (or was not due) is quiet.
    @ObservationIgnored private var reportedFailure: String?
    /// A deletion of the account the app started (``requestAccountDeletion()``); observed, as the
    /// state shows it.
    var accountDeletion: AccountDeletionStep?
    /// Asks the system to keep the app running in the background, with a name for its logs, and
    /// gives back what ends that: the account deletion's request runs in one, so a user who leaves
    /// the app mid-request doesn't have it cut off, the outcome unknown. The SwiftUI and UIKit
    /// adapters set `UIApplication.beginBackgroundTask` when the flow has none; `nil` runs without.
    @ObservationIgnored public var beginBackgroundTask: (@MainActor (_ name: String) -> @MainActor () -> Void)?

    /// Creates a flow and signs in from the device's stored session at once, without the network,
    /// so a known user never sees the sign-in screen.
    /// - Parameters:
    ///   - updates: The update check, or `nil` for none.
    ///   - signIn: Sign-in, or `nil` for none.
    ///   - strings: The default texts; by default the update check's, which follow the app's
    ///     preferred languages, or the device's when there is no update check.
    ///   - configuration: Exempt users and other behaviour.
    public init(updates: UpdateMonitor?, signIn: SignInFlow? = nil, strings: LaunchGateStrings? = nil,
                configuration: Configuration = Configuration()) {
        self.updates = updates
        self.signIn = signIn
        self.chosenStrings = strings
        self.configuration = configuration
        signIn?.restoreFromDevice()
    }

    /// What to show now.
    public var state: State {
        if !isExempt, let updates {
            switch updates.state {
            case .checking: return .checking
            case .blocked(let screen):
                switch screen.kind {
                case .endOfLife: return .endOfLife(screen)
                case .deviceUnsupported: return .deviceUnsupported(screen)
                case .maintenance: return .maintenance(screen)
                default: return .updateRequired(screen)
                }
            case .prompt(let screen): return .updateRecommended(screen)
            case .app, .banner, .details: break
            }
        }
        if let signIn {
            if let accountDeletion, accountDeletion.isCurrent(with: signIn.session) {
                return .deletingAccount(accountDeletionScreen(accountDeletion))
            }
            guard case .signedIn(let user, _) = signIn.state else { return .signingIn(signIn.state) }
            if signIn.showsWelcome { return .welcome(user) }
        }
        guard !isExempt, let updates else { return .plainApp }
        switch updates.state {
        case .banner(let screen): return .app(banner: screen, details: nil)
        case .details(let screen): return .app(banner: nil, details: screen)
        default: return .plainApp
        }
    }

    /// Whose app the app's content belongs to, so an adapter keeps it mounted for that user only:
    /// the signed-in user's ID, `""` for an app without sign-in, and `nil` while nobody is signed in,
    /// when the previous user's content must be torn down rather than kept hidden.
    public var contentIdentity: String? {
        guard let signIn else { return "" }
        return signIn.session?.user.id
    }

    /// Whether the user now is exempt from update screens: by the app's own word, or as the user
    /// signed in through LaunchGate.
    private var isExempt: Bool {
        if configuration.isExempt() { return true }
        guard let user = signIn?.session?.user else { return false }
        return configuration.isExemptUser(user)
    }

    // MARK: Lifecycle

    /// Runs the launch: the update check and the stored session's confirmation with the server,
    /// side by side. Await it from a task; it returns when both are over. Only the first call
    /// launches; later ones wait for that launch to end.
    public func start() async {
        if let launch { return await launch.value }
        let launch = Task { @MainActor in
            async let checked: Void = checkForUpdates()
            async let confirmed: Void = confirmSession()
            _ = await (checked, confirmed)
            hasLaunched = true
        }
        self.launch = launch
        await launch.value
    }

    /// Call when the app comes back from the background: re-checks for updates once due (as the
    /// `/api/version` check does) and always during maintenance, and reads the stored session again if the last read failed
    /// (the keychain is locked until the device's first unlock after a restart). The update
    /// re-check is skipped until ``start()`` has finished, so a foreground notification at launch
    /// can't race the launch's own check with a second one. Each window of an iPad app calls this
    /// on its return; calls while a check runs join it (the fetcher runs one check at a time).
    public func didBecomeActive() async {
        signIn?.retryRestoreAfterFailedRead()
        guard hasLaunched else { return }
        await updates?.didBecomeActive()
        reportFailedCheck()
    }

    private func checkForUpdates() async {
        await updates?.start()
        reportFailedCheck()
    }

    /// Tells ``onCheckFailure`` why the last check failed, if it did and that wasn't said already.
    private func reportFailedCheck() {
        guard let onCheckFailure else { return }
        guard let error = updates?.lastError else {
            reportedFailure = nil
            return
        }
        guard error.message != reportedFailure else { return }
        reportedFailure = error.message
        onCheckFailure(error)
    }
    private func confirmSession() async { await signIn?.confirmSession() }

    // MARK: Update screens

    /// Runs a gate screen's button. Ignored unless a screen with that button is shown.
    /// - Parameter action: The tapped action.
    public func perform(_ action: GateAction) async {
        guard let screen = state.gateScreen, screen.primaryAction == action || screen.secondaryAction == action,
              let updates else { return }
        await updates.perform(action)
    }

    /// Hides the banner, its dialog or a recommended screen for the reminder interval.
    /// - Returns: `false` when nothing dismissable is shown; a blocking screen stays.
    @discardableResult
    public func dismiss() -> Bool {
        guard let screen = state.gateScreen, screen.isDismissable else { return false }
        return updates?.dismiss() ?? false
    }

    /// Opens the banner's details dialog.
    public func showDetails() {
        guard case .app(banner: _?, details: nil) = state else { return }
        updates?.showDetails()
    }

    /// Opens the update URL from a required or recommended screen, the dialog or the banner.
    /// - Returns: Whether a URL was opened.
    @discardableResult
    public func openUpdate() async -> Bool {
        guard state.gateScreen != nil, let updates else { return false }
        return await updates.openUpdate()
    }
}
