import Foundation
import LaunchGateStorage

/// Adds, lists and removes console operators, for the CLI, the admin API and the console alike.
///
/// ```swift
/// let added = try await operators.add(email: "Ada@Example.com", scope: .publish)  // ada@example.com
/// ```
public struct OperatorService: Sendable {
    /// The most operators a listing returns.
    public static let listLimit = 1000

    package let repository: any OperatorRepository
    package let random: any RandomSource
    package let now: @Sendable () -> Date

    /// Creates the service.
    /// - Parameters:
    ///   - repository: Operator storage.
    ///   - random: Draws operator IDs.
    ///   - now: The clock.
    public init(repository: any OperatorRepository, random: any RandomSource = SystemRandomSource(),
                now: @escaping @Sendable () -> Date = Date.init) {
        self.repository = repository
        self.random = random
        self.now = now
    }

    /// Adds an operator.
    /// - Parameters:
    ///   - email: The address as typed; normalised as sign-in normalises it.
    ///   - scope: What the operator may do.
    /// - Returns: The stored operator.
    /// - Throws: ``OperatorError`` `invalid-email` or `operator-exists`.
    public func add(email: String, scope: TokenScope) async throws -> OperatorRecord {
        let email = try Self.normalized(email)
        let record = OperatorRecord(id: SignInTokens.id("op", bytes: 8, using: random), email: email, scope: scope, createdAt: now())
        guard try await repository.add(record) else { throw OperatorError.exists(email) }
        return record
    }

    /// Active operators by address, at most ``listLimit``.
    public func list() async throws -> [OperatorRecord] {
        try await repository.list(limit: Self.listLimit)
    }

    /// The active operator with the address, if any.
    public func find(email: String) async throws -> OperatorRecord? {
        guard let email = try? Self.normalized(email), let found = try await repository.find(email: email), found.isActive else { return nil }
        return found
    }

    /// Removes an operator; its console sessions end at once (each request reads the operator again).
    /// - Throws: ``OperatorError`` `invalid-email` or `operator-not-found`.
    public func remove(email: String) async throws {
        let email = try Self.normalized(email)
        guard try await repository.remove(email: email, at: now()) else { throw OperatorError.notFound(email) }
    }

    package static func normalized(_ email: String) throws -> String {
        do { return try SignInAddress.normalized(email) } catch let error as SignInServiceError { throw OperatorError.invalidEmail(error.message) }
    }
}
