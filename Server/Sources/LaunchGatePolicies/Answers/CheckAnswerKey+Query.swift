import Foundation
@_spi(LaunchGateServer) import LaunchGate

extension CheckAnswerKey {
    /// The key of a `/check` request to an app's current policy, for the router and the hot path alike.
    ///
    /// The IDs are looked at only when the policy makes them matter (exemptions listed, a rollout
    /// under way), and the client header is parsed only when the query leaves an ID out: most
    /// requests then cost no hashing and no header parsing at all.
    /// - Parameters:
    ///   - app: The app, as named in the path.
    ///   - query: The request's query.
    ///   - policy: The app's current policy on the query's channel.
    ///   - now: The current time, which advances a scheduled rollout.
    ///   - header: The request's parsed `LaunchGate-Client` header, if it sent one.
    package init(app: String, query: CheckQuery, policy: UpdatePolicy, now: Date, header: () -> ClientHeader?) {
        var identity: (install: String, device: String?)?
        func resolved() -> (install: String, device: String?) {
            if let identity { return identity }
            let ids = query.identity(header: header)
            identity = ids
            return ids
        }
        let exemptions = policy.exemptions.flatMap { $0.isEmpty ? nil : $0 }
        let exempt = exemptions.map { exemptions in
            let ids = resolved()
            return exemptions.contains(installID: ids.install, deviceID: ids.device)
        } ?? false
        let platformPolicy = policy.policy(for: query.platform)
        let inRollout = platformPolicy.map { $0.rollout == nil || $0.includesInRollout(installID: resolved().install, at: now) } ?? true
        self.init(app: app, channel: query.channel, platform: query.platform, version: query.version, build: query.build,
                  os: query.os, languages: query.languages, exempt: exempt, inRollout: inRollout)
    }
}
