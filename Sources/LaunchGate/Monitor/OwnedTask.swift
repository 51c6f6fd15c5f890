/// A task that is cancelled when its owner lets it go. ``UpdateMonitor`` is a main-actor class,
/// whose `deinit` can't reach its own state, so it keeps its maintenance timer in one of these:
/// the timer then ends with the monitor instead of sleeping on to a start days ahead.
final class OwnedTask: Sendable {
    private let task: Task<Void, Never>

    /// Takes ownership of a running task.
    /// - Parameter task: The task to cancel when this is released.
    init(_ task: Task<Void, Never>) { self.task = task }

    /// Cancels the task now.
    func cancel() { task.cancel() }

    deinit { task.cancel() }
}
