import Foundation
import Observation

/// What an app calls at launch: it decides from the cached policy at once, checks for a new one,
/// and publishes the ``GateState`` the UI renders.
///
/// ```swift
/// let monitor = UpdateMonitor(
///     configuration: .init(source: PolicySource(url: policyURL, publicKeys: [try PolicyPublicKey(publicKey)])),
///     app: try AppInfo.current(), store: UserDefaultsStore(defaults: .standard),
///     opener: SystemURLOpener())   // LaunchGateUI's; any ``URLOpening`` will do
/// // SwiftUI: .task { await monitor.start() } and .onChange(of: scenePhase) { await monitor.didBecomeActive() }
/// ```
///
/// Offline, on a timeout, a 5xx or a bad document, the app fails open with no error shown, but a
/// required update or end of life known from the cache stays enforced. A blocking state can't be
/// dismissed, and a background/foreground cycle can't escape it.
///
/// After a launch check that reached the policy, ``start()`` also sends the daily
/// ``InstallBeacon`` (unless ``Configuration/sendsInstallBeacon`` is off), in a detached
/// background task: the decision is already published, and the beacon's outcome never changes it.
///
/// Making a monitor does only what the decision needs: it reads the install ID and the cached
/// policy and evaluates it. The screen's words (``state``), the user's language (``strings``) and
/// the beacon's request are made later, the first time something asks for them, so an app that
/// shows nothing pays for none of them at launch (`swift run -c release LaunchBenchmark`).
@MainActor
@Observable
public final class UpdateMonitor {
    /// What the UI shows now. Worked out from ``decision`` the first time it is read after the
    /// decision or what is shown changes, so the first frame that shows a screen builds its words.
    public var state: GateState {
        if let rendered, rendered.generation == generation { return rendered.state }
        let state = render()
        rendered = (generation, state)
        countPresentation(of: state)
        return state
    }
    /// The decision behind the state, available from the cache as soon as the monitor exists.
    public private(set) var decision: UpdateDecision = .upToDate
    /// The policy in use: the last verified one.
    public private(set) var policy: UpdatePolicy?
    /// The last check's failure, for logs and diagnostics; never shown to the user.
    public private(set) var lastError: LaunchGateError?

    // Internal, not private, where UpdateMonitor+Maintenance.swift reads them.
    @ObservationIgnored let configuration: Configuration
    @ObservationIgnored let app: AppInfo
    @ObservationIgnored private let installID: String
    @ObservationIgnored private let fetcher: PolicyFetcher
    @ObservationIgnored private let throttle: PromptThrottle
    @ObservationIgnored private let evaluator: UpdateEvaluator
    @ObservationIgnored let opener: any URLOpening
    @ObservationIgnored private let store: any KeyValueStore
    @ObservationIgnored private let transport: any HTTPTransport
    /// The beacon sent after the last launch, so tests can await it; `nil` when none was started.
    @ObservationIgnored private(set) var beaconTask: Task<InstallBeacon.Outcome, Never>?
    @ObservationIgnored let now: @Sendable () -> Date
    @ObservationIgnored let sleep: @Sendable (TimeInterval) async throws -> Void
    @ObservationIgnored let jitter: @Sendable () -> TimeInterval
    /// The timer that re-checks when a maintenance window starts or ends, or while its screen
    /// shows, and the moment it is set for.
    @ObservationIgnored var maintenanceTimer: (at: Date, task: OwnedTask)?
    /// The check after a window's start or end, a random moment after the screen changed.
    @ObservationIgnored var boundaryCheck: OwnedTask?
    /// Counts re-decisions; ``state`` reads it, which is what makes the state observable.
    private var generation = 0
    /// The state rendered for a generation, so reading ``state`` again costs nothing.
    @ObservationIgnored private var rendered: (generation: Int, state: GateState)?
    @ObservationIgnored private var chosenStrings: LaunchGateStrings?
    @ObservationIgnored private(set) var isLoading = false
    @ObservationIgnored private var isShowingDetails = false
    @ObservationIgnored private var sessionDismissals: Set<String> = []
    /// The device's App Store storefront: ``AppInfo/storefront`` until ``setStorefront(_:)`` says otherwise.
    @ObservationIgnored private(set) var storefront: Storefront?
    /// Counts the prompts per policy revision; `nil` when the beacon, which sends them, is off.
    @ObservationIgnored let funnel: PromptFunnel?
    /// The prompt last counted as shown and its revision, so a re-render of it isn't counted again.
    @ObservationIgnored var countedPresentation: (event: PromptFunnel.Event, revision: Int?)?

    /// Creates a monitor and makes the cached decision available at once, without the network.
    /// - Parameters:
    ///   - configuration: Source, launch mode and behaviour.
    ///   - app: The installed app and device.
    ///   - store: Where the cache, dismissals and install ID live.
    ///   - transport: The HTTP transport.
    ///   - opener: Opens the update URL, and the maintenance window's link.
    ///   - now: The clock.
    ///   - sleep: Waits a number of seconds of the clock's time; the maintenance window's timer.
    ///   - jitter: Seconds added to each re-check while the maintenance screen shows, and waited
    ///     before the check at a window's start or end (0 to 15 at random by default), so the
    ///     installs behind it don't all ask in the same second.
    ///   - makeInstallID: Makes the random install ID on first launch.
    public init(
        configuration: Configuration, app: AppInfo, store: any KeyValueStore,
        transport: any HTTPTransport = URLSessionTransport(), opener: any URLOpening,
        now: @escaping @Sendable () -> Date = Date.init,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
        jitter: @escaping @Sendable () -> TimeInterval = { .random(in: 0...15) },
        makeInstallID: @Sendable () -> String = { UUID().uuidString }
    ) {
        self.configuration = configuration
        self.app = app
        self.opener = opener
        self.store = store
        self.transport = transport
        self.now = now
        self.sleep = sleep
        self.jitter = jitter
        let installKey = configuration.storeKeyPrefix + ".installID"
        let installID = store.data(forKey: installKey).map { String(decoding: $0, as: UTF8.self) } ?? {
            let created = makeInstallID()
            try? store.set(Data(created.utf8), forKey: installKey)
            return created
        }()
        self.installID = installID
        self.storefront = app.storefront
        let cache = PolicyCache(store: store, keyPrefix: configuration.storeKeyPrefix)
        self.fetcher = PolicyFetcher(
            source: configuration.source, app: app, installID: installID, transport: transport, cache: cache,
            configuration: .init(timeout: configuration.fetchTimeout, maximumSize: configuration.maximumSize), now: now)
        self.throttle = PromptThrottle(store: store, keyPrefix: configuration.storeKeyPrefix, now: now)
        self.evaluator = UpdateEvaluator(isExempt: configuration.isExempt)
        self.funnel = configuration.sendsInstallBeacon ? PromptFunnel(store: store, keyPrefix: configuration.storeKeyPrefix) : nil
        self.policy = cache.load(for: configuration.source.url)?.policy
        reevaluate(loading: { if case .blocking = configuration.launchMode { return true } else { return false } }())
    }

    /// Runs the launch check. Await it from a task; it returns when the check is over.
    ///
    /// Once the decision is published, and only if the check reached the policy (a 200 or 304),
    /// it starts the daily install beacon in a detached background task and returns without
    /// waiting for it. After a failed check nothing is sent: the device is likely offline, the
    /// ping would fail too, and it would spend the day's one ping (``InstallBeacon`` records the
    /// time before sending), so a later launch that reaches the server sends it instead.
    public func start() async {
        await launchCheck()
        startBeacon()
    }

    private func launchCheck() async {
        guard case .blocking(let timeout) = configuration.launchMode else { return await check() }
        let fetch = Task { [fetcher] in await fetcher.fetch() }
        do {
            apply(try await Deadline.run(timeout) { await fetch.value })
        } catch {
            // The network is slow: fail open to the cached decision now, and apply the answer when it comes.
            lastError = .timeout
            reevaluate(loading: false)
            apply(await fetch.value)
        }
    }

    /// Starts the beacon after a launch check that reached the policy; see ``start()``.
    private func startBeacon() {
        guard lastError == nil, configuration.sendsInstallBeacon else { return }
        // Detached: it inherits neither the main actor nor the caller's priority, so it can't hold up
        // the UI; even its URL and header are made there.
        beaconTask = Task.detached(priority: .background) { [configuration, app, installID, store, transport, now] in
            await InstallBeacon(configuration: configuration, app: app, installID: installID, store: store,
                                transport: transport, now: now).sendIfDue()
        }
    }

    /// Call when the app returns to the foreground: re-decides, and re-checks once the refresh
    /// interval has passed (0 means every time), or at once during maintenance, which the
    /// operator may have ended early.
    public func didBecomeActive() async {
        reevaluate(loading: isLoading)
        guard decision.kind == .maintenance || throttle.isCheckDue(interval: refreshInterval) else { return }
        if configuration.showLoadingOnRefresh && !decision.isBlocking { reevaluate(loading: true) }
        await check()
    }

    /// Tells the monitor the device's App Store storefront, once known, and decides again: an
    /// optional prompt waits until that storefront serves its version (``PlatformPolicy/storefronts``).
    /// Until then, or with `nil`, the monitor waits for the slowest storefront the policy lists.
    /// The adapters in LaunchGateUI call it with StoreKit's `Storefront.current` at launch and on
    /// each return to the foreground, and with each of `Storefront.updates` in between.
    /// - Parameter storefront: The storefront; `nil` when unknown.
    public func setStorefront(_ storefront: Storefront?) {
        guard storefront != self.storefront else { return }
        self.storefront = storefront
        reevaluate(loading: isLoading)
    }

    /// Hides a banner, its dialog or a recommended screen for the reminder interval.
    /// - Returns: `false` when nothing dismissable is shown; a blocking screen stays.
    @discardableResult
    public func dismiss() -> Bool {
        let shown = state
        guard let prompt = decision.prompt, !decision.isBlocking, shown.screen?.isDismissable == true else { return false }
        if case .prompt = shown { count(.notNow) } else { count(.dismissed) }
        do { try throttle.recordDismissal(of: decision) } catch {
            // The store can't be written: hide the prompt for the rest of this session instead.
            sessionDismissals.insert(prompt.throttleKey)
        }
        isShowingDetails = false
        reevaluate(loading: false)
        return true
    }

    /// Opens the banner's details dialog.
    public func showDetails() {
        guard case .banner = state else { return }
        isShowingDetails = true
        reevaluate(loading: false)
    }

    /// Hands the update URL to the opener. A blocking state stays until a new policy lifts it; the
    /// maintenance screen has no update URL (its link is ``openMaintenancePage()``'s).
    /// - Returns: Whether a URL was opened.
    @discardableResult
    public func openUpdate() async -> Bool {
        guard decision.prompt != nil, let url = updateURL else { return false }
        count(.update)
        return await opener.open(url)
    }

    /// Runs a screen button's action; the SwiftUI and UIKit adapters call this for every button.
    /// - Parameter action: The tapped action.
    public func perform(_ action: GateAction) async {
        switch action.role {
        case .update: await openUpdate()
        case .dismiss: dismiss()
        case .showDetails: showDetails()
        case .retry: await retry()
        case .openMaintenancePage: await openMaintenancePage()
        }
    }

    /// The random install ID sent to the server and used for rollout buckets.
    public var installIdentifier: String { installID }

    /// The default texts in the app's language, chosen from its preferred languages the first time
    /// they are needed: the languages are fixed for a launch, and reading a translation is work the
    /// decision doesn't need.
    public var strings: LaunchGateStrings {
        if let chosenStrings { return chosenStrings }
        let strings = LaunchGateStrings.forLanguages(app.preferredLanguages)
        chosenStrings = strings
        return strings
    }

    // MARK: Internals

    private var refreshInterval: TimeInterval {
        configuration.refreshInterval ?? policy?.policy(for: app.platform)?.refreshInterval ?? PlatformPolicy.defaultRefreshInterval
    }

    private var updateURL: URL? {
        // The maintenance screen offers no update: the App Store has nothing to offer while the
        // service is down, and its own link is not an update link.
        let fallback = decision.kind == .maintenance ? nil : configuration.fallbackUpdateURL ?? configuration.appStorePage(on: app.platform)
        guard let url = decision.prompt?.updateURL ?? fallback,
              PolicyLimits.updateURLSchemes.contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else { return nil }
        return url
    }

    func check() async { apply(await fetcher.fetch()) }

    private func apply(_ outcome: FetchOutcome) {
        switch outcome {
        case .updated(let fresh), .notModified(let fresh):
            policy = fresh
            lastError = nil
            try? throttle.recordSuccessfulCheck()
        case .failed(let error):
            lastError = error
        }
        reevaluate(loading: false)
    }

    // Internal, not private, for the maintenance timer (UpdateMonitor+Maintenance.swift).
    func reevaluate(loading: Bool) {
        let context = EvaluationContext(
            version: app.version, build: app.build, platform: app.platform, osVersion: app.osVersion,
            installID: installID, deviceID: app.deviceID, preferredLanguages: app.preferredLanguages, now: now(),
            storefront: storefront)
        decision = policy.map { evaluator.evaluate($0, for: context) } ?? .upToDate
        // A known blocking decision is never hidden behind a loading state.
        isLoading = loading && !decision.isBlocking
        generation &+= 1
        scheduleMaintenanceTimer()
    }

    private func render() -> GateState {
        if isLoading { return .checking }
        guard let prompt = decision.prompt else { return .app }
        func screen(_ style: GateScreen.Style) -> GateScreen {
            GateScreen.make(for: prompt, style: style, platform: app.platform, hasUpdateURL: updateURL != nil,
                            strings: strings, locale: app.locale, timeZone: app.timeZone)
        }
        if decision.isBlocking { return .blocked(screen(.blocking)) }
        guard !sessionDismissals.contains(prompt.throttleKey), throttle.shouldShow(decision) else { return .app }
        if case .updateRecommended = decision { return .prompt(screen(.fullScreen)) }
        return isShowingDetails ? .details(screen(.dialog)) : .banner(screen(.banner))
    }
}
