import LaunchGateStorage

extension OperatorService {
    /// The operator with an `op_` ID, removed or not (``OperatorRecord/removedAt`` tells), or `nil`:
    /// what a console session stands for, read again on every request.
    public func find(id: String) async throws -> OperatorRecord? {
        try await repository.find(id: id)
    }
}
