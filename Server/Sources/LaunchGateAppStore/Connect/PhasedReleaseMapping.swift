import LaunchGate

/// Turns what App Store Connect said into the optional prompt's rollout: the one place the rules are.
///
/// - ACTIVE on day *n* → ``Rollout/applePhasedSchedule``[n − 1] (1, 2, 5, 10, 20, 50, 100 %).
/// - PAUSED → 0 %: Apple stopped offering the update automatically, so our optional prompts pause
///   too. A percentage, not a new case, so SDKs that predate this understand it.
/// - COMPLETE → 100 %.
/// - INACTIVE, or no phased release → the policy's own rollout.
/// - A version on sale other than the announced one → the policy's own rollout: Apple's phase is
///   about that other version.
public enum PhasedReleaseMapping {
    /// Maps an observation of the announced version.
    /// - Parameters:
    ///   - observation: What App Store Connect has on sale; `nil` when nothing is.
    ///   - version: The version the policy announces (`latest`).
    public static func release(for observation: AppStoreConnectClient.Observation?, announcing version: AppVersion) -> PhasedRelease {
        guard let observation else { return .policyRollout(.versionNotOnSale(onSale: nil)) }
        guard let onSale = try? AppVersion(parsing: observation.version), onSale == version else {
            return .policyRollout(.versionNotOnSale(onSale: observation.version))
        }
        guard let phased = observation.phasedRelease else { return .policyRollout(.notPhased) }
        return release(for: phased)
    }

    /// Maps Apple's phased release alone.
    public static func release(for phased: ApplePhasedRelease) -> PhasedRelease {
        switch phased.state {
        case .inactive:
            return .policyRollout(.notPhased)
        case .active:
            // Apple counts days from 1; a day outside 1…7 is clamped rather than trusted past the schedule's ends.
            let schedule = Rollout.applePhasedSchedule
            let day = min(max(phased.currentDayNumber ?? 1, 1), schedule.count)
            return .following(phased, rollout: .percentage(schedule[day - 1]))
        case .paused:
            return .following(phased, rollout: .percentage(0))
        case .complete:
            return .following(phased, rollout: .percentage(100))
        }
    }

    /// Maps a failure: the policy's own rollout, saying why.
    public static func release(for error: AppStoreConnectError) -> PhasedRelease {
        .policyRollout(.connectFailed(error))
    }
}
