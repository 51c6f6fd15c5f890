import Foundation
import LaunchGate
import LaunchGateStorage

/// Exemptions live in the signed policy, as hashes, so the SDK decides for itself and a CDN can
/// cache one answer for everyone. Every change publishes each channel's current policy again, in
/// the same transaction, so clients see a new `issuedAt` and accept the new list, and an
/// exemption is never stored without the documents that carry it.
extension PolicyService {
    /// The app's exemptions, as stored (hashed).
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func exemptions(app: String) async throws -> [Exemption] {
        guard try await repository.app(id: app) != nil else { throw ServiceError.appNotFound(app) }
        return try await repository.exemptions(appID: app)
    }

    /// Exempts an install or device and republishes the app's policies.
    /// - Parameters:
    ///   - id: The install or device ID as the app knows it; only its SHA-256 is kept.
    ///   - note: Who or why, such as "App Review".
    /// - Returns: The stored exemption.
    /// - Throws: ``ServiceError`` `invalid-exemption` or `app-not-found`.
    @discardableResult
    public func addExemption(app: String, kind: ExemptionKind, id: String, note: String?, author: String) async throws -> Exemption {
        guard (1...200).contains(id.utf8.count), !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ServiceError.invalidExemption("the \(kind.rawValue) ID must be 1 to 200 bytes without control characters")
        }
        guard (note?.utf8.count ?? 0) <= 200 else { throw ServiceError.invalidExemption("the note must be at most 200 bytes") }
        guard DisplayText.isValidNote(note) else {
            throw ServiceError.invalidExemption("the note must be one line, without control characters or bidirectional overrides")
        }
        guard try await repository.app(id: app) != nil else { throw ServiceError.appNotFound(app) }
        let exemption = Exemption(appID: app, kind: kind, value: PolicyExemptions.hash(id), note: note, createdAt: now())
        let current = try await repository.exemptions(appID: app)
        if !current.contains(where: { $0.kind == kind && $0.value == exemption.value }), current.count >= PolicyLimits.exemptions {
            throw ServiceError.tooManyExemptions(current.count)
        }
        try await repository.saveExemption(exemption, author: author, note: "exempted \(Self.withArticle(kind))", at: now())
        cache.removeAll()
        return exemption
    }

    /// Removes an exemption and republishes the app's policies.
    /// - Parameter idOrHash: The ID as the app knows it, or the hash that ``exemptions(app:)`` lists.
    /// - Throws: ``ServiceError`` `exemption-not-found`.
    public func removeExemption(app: String, kind: ExemptionKind, idOrHash: String, author: String) async throws {
        let note = "removed \(Self.withArticle(kind)) exemption"
        let stored = try await repository.exemptions(appID: app)
        let value = stored.contains { $0.kind == kind && $0.value == idOrHash } ? idOrHash : PolicyExemptions.hash(idOrHash)
        guard try await repository.removeExemption(appID: app, kind: kind, value: value, author: author, note: note, at: now()) else {
            throw ServiceError.exemptionNotFound
        }
        cache.removeAll()
    }

    /// "an install", "a device": the history's notes are read as sentences.
    static func withArticle(_ kind: ExemptionKind) -> String {
        (kind.rawValue.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + kind.rawValue
    }
}
