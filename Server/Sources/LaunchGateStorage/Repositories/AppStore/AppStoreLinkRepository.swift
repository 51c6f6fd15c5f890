import Foundation
import LaunchGate

/// Where App Store links are kept. Only admins add rows, at most one per app and platform.
public protocol AppStoreLinkRepository: Sendable {
    /// Links a platform, or replaces its link with `link` (its status included). The versions the
    /// old link's storefronts served are kept, for the storefronts still named, only when both follow
    /// the same App Store app: they are the floor below which a stale answer is ignored. So are the
    /// trusted and newest versions (``AppStoreLinkStatus/trustedVersion``), the floor's baseline, and
    /// the answers held for an operator (``IgnoredAnswer/waitsForOperator``) of the storefronts still named.
    /// The old link is read under the lock a ``record(_:served:status:reset:)`` takes first, so what a
    /// record committed before is kept, not written over.
    func save(_ link: AppStoreLink) async throws
    /// The app's link on `platform`.
    func find(app: String, platform: Platform) async throws -> AppStoreLink?
    /// The app's links, by platform.
    func links(app: String) async throws -> [AppStoreLink]
    /// Links due at `now` (``AppStoreLinkStatus/nextPollAt`` not after it), soonest first, at most `limit`.
    func due(at now: Date, limit: Int) async throws -> [AppStoreLink]
    /// Claims a due link for one poller: moves its next poll to `until` only if it is still `expected`
    /// (the time ``due(at:limit:)`` read), a compare-and-set, so of several instances that read the
    /// same due link exactly one polls it. The poll's ``record(app:platform:served:status:)`` sets the real next time.
    /// - Returns: `false` when another poller claimed or polled it first, or it was removed or changed.
    func claim(app: String, platform: Platform, expected: Date, until: Date) async throws -> Bool
    /// Unlinks a platform.
    /// - Returns: `false` when it wasn't linked.
    func remove(app: String, platform: Platform) async throws -> Bool
    /// Unlinks `link`'s platform only while it is that link and `condition` holds, both checked in the
    /// removal's transaction once the link's row is locked, the lock a poll's publish takes
    /// (``stillLinked(_:)``): an unlink that read no storefronts removes the link only if no publish
    /// came since (``LaunchGateRepository/atRevision(appID:channel:number:)``), in one step, so no crash
    /// can leave a poll's storefronts published with no link (review s15, M11).
    /// - Returns: `false`, removing nothing, when it isn't linked so or `condition` failed.
    func remove(_ link: AppStoreLink, if condition: PublishCondition) async throws -> Bool
    /// Records a poll of `link`, as the poll read it: the storefronts' versions and the status.
    /// Each storefront keeps the higher of the stored and the recorded version, so a poll that lost
    /// a race with the floor it read never lowers the winner's (review s13, G5); `reset` (`sync --reset`)
    /// takes the recorded versions as they are. The trusted version likewise only moves forward, unless
    /// the record lowered the one it read (``AppStoreLink/trusted(recording:readAs:)``).
    /// - Returns: `false`, recording nothing, when the link was removed or relinked meanwhile (another
    ///   identity or creation time): a poll's floor belongs to the app it asked about.
    ///   Only the storefronts whose status the poll changed (those it asked) are written: an
    ///   overlapping sync and poll each keep the other's storefronts (review s15, M7).
    ///   Nor when a record that lowered the link (``AppStoreLink/lowers(recording:reset:)``) came since
    ///   `link` was read (``AppStoreLink/resetGeneration``), which such a record counts (attack s16b, A).
    func record(_ link: AppStoreLink, served: [String: AppVersion], status: AppStoreLinkStatus, reset: Bool) async throws -> Bool
    /// The condition a poll's publish carries (``PublishCondition``): `link` is still linked, the
    /// same link (``AppStoreLink/isSameLink(as:)``), checked inside the publish's transaction, so
    /// a poll that read the link before an unlink can't publish its storefronts after the unlink's
    /// withdrawal (review s14, K3), nor one that read it before a reset recorded (attack s16b, A).
    func stillLinked(_ link: AppStoreLink) -> PublishCondition
    /// The condition an operator's `sync --reset` or `--accept` publish carries: ``stillLinked(_:)``, and then, in the
    /// publish's own transaction, the link's floor set as ``record(_:served:status:reset:)`` would set it from `floor`
    /// and its ``AppStoreLink/resetGeneration`` moved on by one. A poll that read the link before can then publish
    /// nothing over the sync, and one that reads it after reads the sync's floor, even before the sync records its
    /// status, which it does as `link` with the generation one higher (review s16b, Q3).
    func resetting(_ link: AppStoreLink, floor: [String: AppVersion], reset: Bool) -> PublishCondition
    /// The condition an unlink's withdrawal carries: ``stillLinked(_:)``, and then the link's
    /// removal, in the publish's own transaction, so the storefronts are withdrawn and the link
    /// removed together or not at all: a crash or a refused or raced publish leaves the link, and a
    /// published withdrawal leaves none (review s14, L5).
    func removing(_ link: AppStoreLink) -> PublishCondition
}
