import Foundation
import LaunchGate
import LaunchGateStorage
import Logging
import Metrics
import Synchronization

/// Decides whether the optional prompt's rollout follows Apple's phased release: the one entry
/// point the App Store poller calls once per app and platform it checks.
///
/// Never throws: every failure (no key, a key the master key can't open, a 401, a 503, a timeout,
/// a malformed answer) falls back to the policy's own rollout and says why in ``status(app:)``.
public final class PhasedReleaseService: Sendable {
    private let keys: AppStoreConnectKeys
    private let client: AppStoreConnectClient
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let statuses = Mutex<[String: [Platform: PhasedReleaseStatus]]>([:])

    /// - Parameters:
    ///   - keys: The apps' App Store Connect keys.
    ///   - client: App Store Connect.
    ///   - now: Stamps each check.
    ///   - logger: Where failures are logged (never a key or a token).
    public init(keys: AppStoreConnectKeys, client: AppStoreConnectClient, now: @escaping @Sendable () -> Date = Date.init,
                logger: Logger = Logger(label: "launchgate.appstore.phased")) {
        self.keys = keys
        self.client = client
        self.now = now
        self.logger = logger
    }

    /// The optional prompt's rollout for the version a policy announces.
    /// - Parameters:
    ///   - app: The LaunchGate app.
    ///   - bundleID: Its bundle ID in App Store Connect.
    ///   - platform: The platform.
    ///   - version: The version the policy announces.
    /// - Returns: Apple's phase to follow, or the policy's own rollout with the reason.
    public func rollout(app: String, bundleID: String, platform: Platform, version: AppVersion) async -> PhasedRelease {
        let release = await check(app: app, bundleID: bundleID, platform: platform, version: version)
        let status = PhasedReleaseStatus(app: app, platform: platform, checkedAt: now(), release: release)
        statuses.withLock { $0[app, default: [:]][platform] = status }
        if let error = status.lastError {
            logger.warning("phased release check failed; the policy's own rollout applies",
                           metadata: ["app": "\(app)", "platform": "\(platform)", "error": "\(error)"])
            Counter(label: "launchgate_appstore_connect_failures_total", dimensions: [("app", app)]).increment()
        }
        return release
    }

    /// The last check per platform, platforms in order. - Returns: empty when none was made.
    public func status(app: String) -> [PhasedReleaseStatus] {
        let byPlatform = statuses.withLock { $0[app] ?? [:] }
        return Platform.allCases.compactMap { byPlatform[$0] }
    }

    private func check(app: String, bundleID: String, platform: Platform, version: AppVersion) async -> PhasedRelease {
        guard platform.appStoreConnectPlatform != nil else { return .policyRollout(.notAppStore) }
        let credentials: AppStoreConnectCredentials
        do {
            guard let found = try await keys.credentials(app: app) else { return .policyRollout(.noCredentials) }
            credentials = found
        } catch {
            return .policyRollout(.credentialsUnusable(String(describing: error)))
        }
        do {
            let observation = try await client.observe(bundleID: bundleID, platform: platform, credentials: credentials)
            return PhasedReleaseMapping.release(for: observation, announcing: version)
        } catch let error as AppStoreConnectError {
            return PhasedReleaseMapping.release(for: error)
        } catch {
            return PhasedReleaseMapping.release(for: .unreachable(String(describing: error).prefix(200).description))
        }
    }
}
