import LaunchGate

extension PhasedRelease {
    /// One line for the link's status ("ACTIVE day 3: 5 %", "policy's own rollout: no App Store
    /// Connect key is set"), the form `launchgate appstore status`, the admin API and the console show.
    public var summary: String {
        switch self {
        case .following(let phased, let rollout):
            let day = phased.currentDayNumber.map { " day \($0)" } ?? ""
            return "\(phased.state.rawValue)\(day): \(rollout.summary)"
        case .policyRollout(let why):
            return String("policy's own rollout: \(why)".prefix(500))
        }
    }
}

extension Rollout {
    fileprivate var summary: String {
        switch self {
        case .percentage(let value): value == value.rounded() ? "\(Int(value)) %" : "\(value) %"
        case .applePhased: "Apple's schedule"
        }
    }
}
