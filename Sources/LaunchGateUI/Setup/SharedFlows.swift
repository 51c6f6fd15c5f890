#if canImport(SwiftUI) || canImport(UIKit)
import Foundation
import LaunchGate

/// The flows the one-line setups make, one per setup for the whole process. An iPad app has a
/// window per scene, each with its own `LaunchGateView` or `LaunchGateViewController`; with a flow
/// each, a sign-out or a dismissed banner in one window would not reach the others. Keyed by the
/// setup's arguments, so the table holds one entry per setup written in the app's code.
@MainActor
final class SharedFlows {
    /// What identifies a one-line setup: its server or policy URL, app ID, channel and key.
    struct Key: Hashable {
        private let parts: [String?]

        /// A setup from a LaunchGate server and an app ID.
        static func server(_ server: URL, appID: String, channel: ReleaseChannel, publicKey: String) -> Key {
            Key(parts: ["server", server.absoluteString, appID, channel.rawValue, publicKey])
        }

        /// A setup from a policy's URL.
        static func policy(_ url: URL, publicKey: String?) -> Key {
            Key(parts: ["policy", url.absoluteString, publicKey])
        }
    }

    /// The process's flows. (A shared instance on purpose: a process has one launch.)
    static let process = SharedFlows()

    private var flows: [Key: LaunchFlow] = [:]

    /// The flow for a setup, made by `make` the first time it is asked for.
    /// - Parameters:
    ///   - key: The setup.
    ///   - make: Makes its flow.
    /// - Returns: The one flow for that setup.
    func flow(for key: Key, orMake make: () -> LaunchFlow) -> LaunchFlow {
        if let flow = flows[key] { return flow }
        let made = make()
        flows[key] = made
        return made
    }
}
#endif
