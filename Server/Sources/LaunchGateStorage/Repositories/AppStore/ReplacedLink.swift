import Synchronization

/// The stored link a sync's publish wrote over (``SQLAppStoreLinkRepository/resetting(_:floor:reset:)``), kept for
/// its undo, which then puts back the row as it was rather than as the sync read it.
final class ReplacedLink: Sendable {
    private let link = Mutex<AppStoreLink?>(nil)

    /// Keeps `link`, the row as it was before the write.
    func keep(_ link: AppStoreLink) { self.link.withLock { $0 = link } }

    /// The row as it was before the write, if the write happened.
    var kept: AppStoreLink? { link.withLock { $0 } }
}
