import Foundation

/// Decides what an app shows first, from a policy and what it knows about the install.
///
/// Pure and synchronous: no clock, network or storage of its own, so a decision can be made
/// from a cached policy at launch in microseconds.
///
/// ```swift
/// let evaluator = UpdateEvaluator(isExempt: { context in context.installID == installID })   // a tester's install
/// let decision = evaluator.evaluate(policy, for: EvaluationContext(version: "2.3.0", installID: installID, now: Date()))
/// ```
public struct UpdateEvaluator: Sendable {
    /// Returns `true` for installs that always see "up to date" (testers, App Review).
    public var isExempt: @Sendable (EvaluationContext) -> Bool

    /// Creates an evaluator.
    /// - Parameter isExempt: Exempts installs from every prompt; none by default.
    public init(isExempt: @escaping @Sendable (EvaluationContext) -> Bool = { _ in false }) {
        self.isExempt = isExempt
    }

    /// Evaluates a policy.
    /// - Parameters:
    ///   - policy: The policy document.
    ///   - context: The installed app, device and time.
    /// - Returns: The decision, carrying what its screen needs.
    public func evaluate(_ policy: UpdatePolicy, for context: EvaluationContext) -> UpdateDecision {
        // The policy's own list comes first, before end of life or a required update.
        if policy.exemptions?.contains(installID: context.installID, deviceID: context.deviceID) == true { return .upToDate }
        guard let entry = policy.policy(for: context.platform), !isExempt(context) else { return .upToDate }
        let (version, build) = (context.version, context.build)
        let latest = entry.latest

        if let endOfLife = entry.endOfLife {
            return .endOfLife(prompt(.endOfLife, entry, context, endOfLifeMessage: endOfLife.message))
        }
        // A device whose OS can't run the latest release is never offered it.
        let osTooOld: Bool = {
            guard let minimum = latest?.minimumOS, let os = context.osVersion else { return false }
            return os < minimum
        }()
        let isBlocked = entry.blocked.contains(version: version, build: build)
        let mustUpdate = isBlocked || entry.required?.isAbove(version: version, build: build) == true
        let reason: UpdatePrompt.Reason = isBlocked ? .blocked : .belowMinimum
        // Waiting can't fix an unsupported device, so it is told so, not to come back later; every
        // update screen waits for the maintenance to end, since no version can be used during it.
        if mustUpdate, osTooOld { return .deviceUnsupported(prompt(.deviceUnsupported, entry, context, reason: reason)) }
        if let window = entry.maintenance, window.contains(context.now) {
            return .maintenance(maintenancePrompt(window, entry, context))
        }
        if mustUpdate { return .updateRequired(prompt(.updateRequired, entry, context, reason: reason)) }
        // An App Review or TestFlight build newer than the latest release is up to date.
        if let latest, latest.gate.isBelow(version: version, build: build) { return osSupportNotice(entry, context) }
        if osTooOld || !entry.includesInRollout(installID: context.installID, at: context.now) { return osSupportNotice(entry, context) }
        // The optional prompts wait for the device's storefront: an update the App Store can't
        // give yet is one the user can't take. The screens above don't wait: a minimum, a block or
        // an end of life is the operator's explicit word that this version must not be used, and
        // holding it back in the storefronts that are behind would keep their users on it.
        let served = entry.servedVersion(in: context.storefront)
        if let recommended = entry.recommended, recommended.isAbove(version: version, build: build),
           Self.storefront(serving: served, atLeast: recommended.version, above: version) {
            return .updateRecommended(prompt(.updateRecommended, entry, context, served: served))
        }
        if let latest, latest.gate.isAbove(version: version, build: build),
           Self.storefront(serving: served, atLeast: nil, above: version) {
            return .updateAvailable(prompt(.updateAvailable, entry, context, served: served))
        }
        return osSupportNotice(entry, context)
    }

    /// Whether the device's storefront serves an update: a version newer than the installed one and,
    /// for a recommended prompt, at least the recommended version. Always, when `served` is `nil`
    /// (the platform isn't linked to the App Store).
    private static func storefront(serving served: AppVersion?, atLeast target: AppVersion?, above installed: AppVersion) -> Bool {
        guard let served else { return true }
        return served > installed && target.map { served >= $0 } ?? true
    }

    /// The OS support notice for an install that is otherwise up to date, or up to date.
    private func osSupportNotice(_ entry: PlatformPolicy, _ context: EvaluationContext) -> UpdateDecision {
        guard let notice = entry.osSupportEnds, notice.applies(to: context.osVersion, at: context.now) else { return .upToDate }
        return .osSupportEnding(UpdatePrompt(
            kind: .osSupportEnding,
            text: LocalizedTextResolver.text(for: .osSupportEnding, in: entry.texts, preferredLanguages: context.preferredLanguages),
            reminderInterval: entry.reminderInterval, osSupportEnds: notice))
    }

    /// The maintenance screen's prompt: the window, with nothing about an update. Its link stays
    /// in ``UpdatePrompt/maintenance``, never in ``UpdatePrompt/updateURL``: an app's own Update
    /// button that reads the prompt must not open a status page.
    private func maintenancePrompt(_ window: MaintenanceWindow, _ entry: PlatformPolicy,
                                   _ context: EvaluationContext) -> UpdatePrompt {
        UpdatePrompt(
            kind: .maintenance,
            text: LocalizedTextResolver.text(for: .maintenance, in: entry.texts, preferredLanguages: context.preferredLanguages),
            reminderInterval: entry.reminderInterval, maintenance: window)
    }

    private func prompt(
        _ kind: ScreenKind, _ entry: PlatformPolicy, _ context: EvaluationContext,
        reason: UpdatePrompt.Reason = .none, endOfLifeMessage: String? = nil, served: AppVersion? = nil
    ) -> UpdatePrompt {
        // VersionLockout documents name no latest release: the recommended or required version is the target.
        var target = entry.latest?.gate ?? entry.recommended ?? entry.required
        var release = entry.latest
        // An optional prompt names no version beyond what the device's storefront serves: that is
        // the one "Update" gets. The latest release's build, notes and minimum OS are not that
        // version's, so they go too.
        if let served, let version = target?.version, version > served {
            target = VersionRequirement(version: served)
            release = nil
        }
        return UpdatePrompt(
            kind: kind,
            targetVersion: target?.version,
            targetBuild: target?.build,
            releaseNotes: release?.notes,
            updateURL: entry.updateURL,
            minimumOS: release?.minimumOS,
            text: LocalizedTextResolver.text(for: kind, in: entry.texts, preferredLanguages: context.preferredLanguages),
            endOfLifeMessage: endOfLifeMessage,
            reason: reason,
            reminderInterval: entry.reminderInterval
        )
    }
}
