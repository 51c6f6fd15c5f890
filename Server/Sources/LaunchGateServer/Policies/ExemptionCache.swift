import Foundation
import Synchronization

/// Each app's exempt install and device IDs, kept in memory so the policy hot path needs no query.
final class ExemptionCache: Sendable {
    private let repository: any LaunchGateRepository
    private let byApp = Mutex<[String: Set<String>]>([:])

    init(repository: any LaunchGateRepository) { self.repository = repository }

    /// Whether an install or device is exempt for an app.
    func isExempt(app: String, install: String?, device: String?) async throws -> Bool {
        guard install != nil || device != nil else { return false }
        let ids: Set<String>
        if let cached = byApp.withLock({ $0[app] }) {
            ids = cached
        } else {
            ids = Set(try await repository.exemptions(appID: app).map { "\($0.kind.rawValue):\($0.value)" })
            byApp.withLock { $0[app] = ids }
        }
        if let install, ids.contains("install:\(install)") { return true }
        if let device, ids.contains("device:\(device)") { return true }
        return false
    }

    /// For the fast path: `false` only when the app's list is loaded and empty.
    func mayHaveExemptions(app: String) -> Bool {
        byApp.withLock { $0[app].map { !$0.isEmpty } ?? true }
    }

    func removeAll() { byApp.withLock { $0.removeAll() } }

    /// Reloads the lists already loaded, replacing each in one step, so the fast path keeps
    /// working while changes made on other instances arrive.
    func refresh() async {
        for app in byApp.withLock({ Array($0.keys) }) {
            let ids = try? await Set(repository.exemptions(appID: app).map { "\($0.kind.rawValue):\($0.value)" })
            byApp.withLock { $0[app] = ids }
        }
    }
}
