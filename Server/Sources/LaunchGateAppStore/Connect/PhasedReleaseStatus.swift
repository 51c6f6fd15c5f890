import Foundation
import LaunchGate

/// The last check of an app's phased release on one platform, for `launchgate appstore status`,
/// the console and the admin API.
public struct PhasedReleaseStatus: Sendable, Hashable {
    /// The app.
    public let app: String
    /// The platform.
    public let platform: Platform
    /// When it was checked.
    public let checkedAt: Date
    /// What the check decided.
    public let release: PhasedRelease

    /// Apple's state, when App Store Connect answered with a phased release.
    public var state: ApplePhasedRelease.State? {
        if case .following(let phased, _) = release { return phased.state }
        return nil
    }

    /// Apple's day, while active or paused.
    public var day: Int? {
        if case .following(let phased, _) = release { return phased.currentDayNumber }
        return nil
    }

    /// Why Apple's phase was not followed, when it was not.
    public var fallback: PhasedReleaseFallback? {
        if case .policyRollout(let why) = release { return why }
        return nil
    }

    /// The last error from App Store Connect or the key, if the last check had one.
    public var lastError: String? {
        switch fallback {
        case .connectFailed(let error): error.message
        case .credentialsUnusable(let why): why
        default: nil
        }
    }
}
