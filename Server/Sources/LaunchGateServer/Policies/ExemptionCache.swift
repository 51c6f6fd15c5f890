import Foundation

/// Each app's exempt install and device IDs, kept in memory so the policy hot path needs no query.
actor ExemptionCache {
    private let repository: any LaunchGateRepository
    private var byApp: [String: Set<String>] = [:]

    init(repository: any LaunchGateRepository) { self.repository = repository }

    /// Whether an install or device is exempt for an app.
    func isExempt(app: String, install: String?, device: String?) async throws -> Bool {
        guard install != nil || device != nil else { return false }
        let ids: Set<String>
        if let cached = byApp[app] {
            ids = cached
        } else {
            ids = Set(try await repository.exemptions(appID: app).map { "\($0.kind.rawValue):\($0.value)" })
            byApp[app] = ids
        }
        if let install, ids.contains("install:\(install)") { return true }
        if let device, ids.contains("device:\(device)") { return true }
        return false
    }

    func removeAll() { byApp.removeAll() }
}
