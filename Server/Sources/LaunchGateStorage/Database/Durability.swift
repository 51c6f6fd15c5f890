/// How hard a transaction's commit insists on reaching the disk.
///
/// It matters to SQLite only; PostgreSQL commits with the server's own `synchronous_commit`.
public enum Durability: Sendable {
    /// Survives a crash of the machine: SQLite syncs the write-ahead log at commit
    /// (`synchronous = FULL`). Policies, keys, tokens, settings, revocations and deletions.
    case durable
    /// Survives a crash of the process but not necessarily of the machine: the last commits
    /// can be lost in a power cut (`synchronous = NORMAL`, syncing at checkpoints). For sign-in's
    /// hot path (codes, attempts, rate-limit events, the outbox), where a lost write costs one
    /// more code, and a sync per commit would cap sign-ins at what the disk syncs per second.
    case relaxed
}
