import Foundation
import LaunchGate
import LaunchGateStorage

/// What one poll changes in a linked platform's policy, decided without I/O so every rule is
/// tested on its own: per storefront the version never goes backwards (Apple's CDN serves stale
/// answers for a while after a release, Siren #380), unless the operator resets; `storefronts`
/// always follows the store; `latest`, its notes and minimum OS, and `updateURL` follow the
/// highest version served, unless pinned.
public struct StorefrontUpdate: Sendable, Hashable {
    /// The version each linked storefront serves now: the floor for the next poll.
    public let served: [String: AppVersion]
    /// The platform's policy with the store's values.
    public let policy: PlatformPolicy
    /// Storefronts whose answer was lower than what they served before, and so ignored.
    public let staleStorefronts: [String]

    /// Applies one poll's answers.
    /// - Parameters:
    ///   - answers: The storefronts that answered, with what they serve; failed ones are absent and keep their last value.
    ///   - link: The link, with the versions served before.
    ///   - policy: The platform's current policy; `nil` when it has none yet.
    ///   - reset: Whether to take the answers as they are, even lower ones (`sync --reset`).
    public init(answers: [String: StorefrontRelease], link: AppStoreLink, policy: PlatformPolicy?, reset: Bool) {
        var served = reset ? [:] : link.served.filter { link.storefronts.contains($0.key) }
        var stale: [String] = []
        for (storefront, release) in answers where link.storefronts.contains(storefront) {
            if let floor = served[storefront], release.version < floor {
                stale.append(storefront)
            } else {
                served[storefront] = release.version
            }
        }
        // A reset with a storefront failing keeps that storefront's last value rather than dropping it.
        if reset {
            for (storefront, version) in link.served where served[storefront] == nil && answers[storefront] == nil
                && link.storefronts.contains(storefront) {
                served[storefront] = version
            }
        }
        self.served = served
        self.staleStorefronts = stale.sorted()
        var updated = policy ?? PlatformPolicy()
        updated.storefronts = served
        if let highest = served.values.max(),
           let release = answers.filter({ served[$0.key] == highest && $0.value.version == highest }).min(by: { $0.key < $1.key })?.value {
            Self.follow(release, pins: link.pins, in: &updated)
        }
        self.policy = updated
    }

    private static func follow(_ release: StorefrontRelease, pins: Set<AppStorePin>, in policy: inout PlatformPolicy) {
        if !pins.contains(.latest) {
            var latest = policy.latest ?? Release()
            if latest.version != release.version {
                // A new version's build and date are not the old one's.
                latest = Release(version: release.version, releaseDate: release.releaseDate, notes: latest.notes, minimumOS: latest.minimumOS)
            }
            policy.latest = latest
        }
        // A release's notes and minimum OS are that version's: with `latest` pinned to another
        // version, the store's would describe a release the policy doesn't announce (review s13, G8).
        if var latest = policy.latest, latest.version == release.version {
            if !pins.contains(.notes) { latest.notes = release.notes }
            if !pins.contains(.minimumOS) { latest.minimumOS = release.minimumOS }
            policy.latest = latest
        }
        if !pins.contains(.updateURL), let url = release.storeURL { policy.updateURL = url }
    }
}
