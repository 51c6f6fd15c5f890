import LaunchGate

/// What the optional prompt's rollout should be for a version, and why.
public enum PhasedRelease: Sendable, Hashable {
    /// Apple's phased release decides: the rollout follows its day, or 0 % while paused, or 100 % once complete.
    case following(ApplePhasedRelease, rollout: Rollout)
    /// The policy's own rollout applies, for this reason.
    case policyRollout(PhasedReleaseFallback)

    /// The rollout that replaces the policy's, or `nil` to keep the policy's own.
    public var rollout: Rollout? {
        switch self {
        case .following(_, let rollout): rollout
        case .policyRollout: nil
        }
    }

    /// The rollout to publish: Apple's while following it, the policy's otherwise. Required
    /// updates are never phased whatever this says: a rollout limits only the optional prompt.
    public func rollout(replacing policyRollout: Rollout?) -> Rollout? { rollout ?? policyRollout }
}

/// Why the policy's own rollout applies rather than Apple's phased release.
public enum PhasedReleaseFallback: Sendable, Hashable, CustomStringConvertible {
    /// The app has no App Store Connect key.
    case noCredentials
    /// The stored key can't be opened (the master key is missing or another one), or doesn't parse.
    case credentialsUnusable(String)
    /// The version on sale was released to everyone at once, or its phased release has not started.
    case notPhased
    /// No version of the app is ready for sale on the platform, or the one on sale is not the announced one.
    case versionNotOnSale(onSale: String?)
    /// The platform is not sold in the App Store.
    case notAppStore
    /// App Store Connect could not be asked, or its answer was not used.
    case connectFailed(AppStoreConnectError)

    public var description: String {
        switch self {
        case .noCredentials: "no App Store Connect key is set"
        case .credentialsUnusable(let why): "the App Store Connect key can't be used: \(why)"
        case .notPhased: "the version on sale has no phased release running"
        case .versionNotOnSale(let onSale):
            onSale.map { "App Store Connect has \($0.prefix(40)) on sale, not the announced version" } ?? "no version is ready for sale"
        case .notAppStore: "the platform is not sold in the App Store"
        case .connectFailed(let error): error.message
        }
    }
}
