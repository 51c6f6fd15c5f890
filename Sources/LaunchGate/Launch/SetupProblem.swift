/// Why a one-line ``LaunchFlow/standard(policyURL:publicKey:signIn:app:store:transport:opener:launchMode:refreshInterval:format:fallbackUpdateURL:appStoreID:sendsInstallBeacon:configuration:onFailure:logsFailedChecks:report:)``
/// setup can't check for updates, in words a developer can act on.
public struct SetupProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public let message: String

    init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
