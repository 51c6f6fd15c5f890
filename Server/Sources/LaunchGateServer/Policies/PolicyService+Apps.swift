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
}
