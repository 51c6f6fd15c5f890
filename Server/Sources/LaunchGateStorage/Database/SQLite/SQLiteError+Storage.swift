import SQLiteNIO

extension SQLiteError {
    /// Whether another connection held a lock past the busy timeout: nothing was changed, and the
    /// same work can succeed later.
    var isBusy: Bool {
        switch reason {
        case .busy, .busyInRecovery, .busyInSnapshot, .busyTimeout, .locked, .lockedBySharedCache, .lockedVirtualTable: true
        default: false
        }
    }
}
