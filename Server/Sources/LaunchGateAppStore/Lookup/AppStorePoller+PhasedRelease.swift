import LaunchGate
import LaunchGateStorage

// Apple's phased release, followed by each poll that some storefront answered.
extension AppStorePoller {
    /// Sets the rollout to Apple's phase for the version on sale (the highest served) and says what
    /// was found; the policy's own rollout stands when the phase can't be followed.
    func followPhasedRelease(link: AppStoreLink, served: [String: AppVersion], policy: inout PlatformPolicy) async -> String? {
        guard let phased, let version = served.values.max() else { return nil }
        guard let bundleID = link.identity.bundleID else {
            // App Store Connect finds apps by bundle ID; the lookup's Apple ID doesn't name one.
            return "policy's own rollout: the link names an Apple ID, and App Store Connect needs a bundle ID"
        }
        let release = await phased.rollout(app: link.app, bundleID: bundleID, platform: link.platform, version: version)
        policy.rollout = release.rollout(replacing: policy.rollout)
        return release.summary
    }
}
