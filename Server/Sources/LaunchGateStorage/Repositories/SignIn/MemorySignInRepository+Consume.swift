import Foundation

extension MemorySignInRepository {
    public func consumeCode(id: String, appID: String, email: String, network: String, at now: Date) -> Bool {
        guard consume(id: id, appID: appID, email: email, at: now) else { return false }
        clearFailures(appID: appID, email: email, network: network)
        remember(network: network, appID: appID, email: email, at: now)
        return true
    }
}
