import Foundation

/// Where console operators are kept. Only admins add rows (CLI or admin API), so the table grows
/// with deliberate additions, never with requests; listings are still capped.
public protocol OperatorRepository: Sendable {
    /// Adds an operator. An address that was removed gets its row back with the new ID, scope and
    /// time; an active one is left alone.
    /// - Returns: `false` when the address is already an active operator.
    func add(_ record: OperatorRecord) async throws -> Bool
    /// The operator with this normalised address, active or removed.
    func find(email: String) async throws -> OperatorRecord?
    /// The operator with this `op_` ID, active or removed.
    func find(id: String) async throws -> OperatorRecord?
    /// Active operators by address, at most `limit`.
    func list(limit: Int) async throws -> [OperatorRecord]
    /// Marks the active operator with this address removed at `now`.
    /// - Returns: `false` when there was no active operator with it.
    func remove(email: String, at now: Date) async throws -> Bool
}
