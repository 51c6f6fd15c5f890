import Foundation

extension MemorySignInRepository {
    public func consumeCode(id: String, appID: String, email: String, at now: Date) -> Bool {
        let key = address(appID, email)
        guard var code = codesByAddress[key], code.id == id, code.consumedAt == nil, now < code.expiresAt else { return false }
        code.consumedAt = now
        codesByAddress[key] = code
        if var state = addresses[key], state.failures != 0 {
            state.failures = 0
            addresses[key] = state
        }
        return true
    }
}
