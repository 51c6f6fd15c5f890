import LaunchGate
import LaunchGateStorage

extension PolicyService {
    /// Reads storage's change stamp, its cheapest read, so `/readyz` can tell whether the
    /// database answers without a controller reaching storage itself.
    /// - Throws: The storage error when it doesn't answer.
    public func checkStorage() async throws {
        _ = try await repository.changeStamp()
    }

    /// Every app, in the repository's order (by ID).
    public func apps() async throws -> [AppRecord] {
        try await repository.apps()
    }

    /// The app with an ID: what every caller that acts on an app looks it up with, so an unknown
    /// ID fails the same way everywhere.
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func app(_ id: String) async throws -> AppRecord {
        guard let app = try await repository.app(id: id) else { throw ServiceError.appNotFound(id) }
        return app
    }

    /// Every revision of a channel, newest first.
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func history(app: String, channel: ReleaseChannel) async throws -> [PolicyRevision] {
        _ = try await self.app(app)
        return try await repository.revisions(appID: app, channel: channel)
    }

    /// The channel's current revision, or `nil` before its first publish.
    public func currentRevision(app: String, channel: ReleaseChannel) async throws -> PolicyRevision? {
        try await repository.currentRevision(appID: app, channel: channel)
    }

    /// The number of the newest revision on a channel, 0 before the first publish. Numbers count
    /// up from 1 with no gaps (a rollback is a new revision), so it is also how many there are.
    public func newestRevisionNumber(app: String, channel: ReleaseChannel) async throws -> Int {
        try await currentRevision(app: app, channel: channel)?.number ?? 0
    }

    /// Revisions newest first, from `number` down, at most `limit`: a page of the history.
    public func revisions(app: String, channel: ReleaseChannel, through number: Int, limit: Int) async throws -> [PolicyRevision] {
        try await repository.revisions(appID: app, channel: channel, through: number, limit: limit)
    }

    /// One revision, or `nil` when the channel has none by that number.
    public func revision(app: String, channel: ReleaseChannel, number: Int) async throws -> PolicyRevision? {
        try await repository.revision(appID: app, channel: channel, number: number)
    }
}
