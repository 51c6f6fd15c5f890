import Foundation

/// Console operators in memory, for tests and `--memory` servers.
public actor MemoryOperatorRepository: OperatorRepository {
    private var byEmail: [String: OperatorRecord] = [:]

    /// Creates an empty repository.
    public init() {}

    public func add(_ record: OperatorRecord) throws -> Bool {
        if let existing = byEmail[record.email], existing.isActive { return false }
        guard !byEmail.values.contains(where: { $0.id == record.id }) else { throw ServiceError.idCollision }
        byEmail[record.email] = record
        return true
    }

    public func find(email: String) -> OperatorRecord? { byEmail[email] }

    public func find(id: String) -> OperatorRecord? { byEmail.values.first { $0.id == id } }

    public func list(limit: Int) -> [OperatorRecord] {
        Array(byEmail.values.filter(\.isActive).sorted { $0.email < $1.email }.prefix(max(limit, 0)))
    }

    public func remove(email: String, at now: Date) -> Bool {
        guard var record = byEmail[email], record.isActive else { return false }
        record.removedAt = now
        byEmail[email] = record
        return true
    }
}
