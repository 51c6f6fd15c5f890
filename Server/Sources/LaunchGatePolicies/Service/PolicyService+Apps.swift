import LaunchGateStorage

extension PolicyService {
    /// Whether an app exists, from the cached list of apps (refreshed after any change on any
    /// instance), so a request naming a made-up app costs the database nothing.
    public func appExists(_ id: String) async throws -> Bool {
        if let known = cache.knownApps { return known.contains(id) }
        let generation = cache.generation
        let known = Set(try await repository.apps().map(\.id))
        cache.storeKnownApps(known, builtIn: generation)
        return known.contains(id)
    }

    /// Creates an app, which the read path then serves at once: it refuses apps it doesn't know
    /// without asking the database, so its list of apps is dropped here.
    /// - Throws: ``ServiceError`` `invalid-app-id`, `invalid-app-name` or `app-exists`.
    public func createApp(id: String, name: String?) async throws -> AppRecord {
        guard AppRecord.isValidID(id) else { throw ServiceError.invalidAppID(id) }
        if let name, !DisplayText.isValidName(name, maximumBytes: AppRecord.maximumNameBytes) { throw ServiceError.invalidAppName }
        let app = AppRecord(id: id, name: name ?? id, createdAt: now())
        try await repository.createApp(app)
        cache.removeAll()
        return app
    }
}
