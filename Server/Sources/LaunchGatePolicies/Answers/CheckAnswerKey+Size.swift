extension CheckAnswerKey {
    /// About what the key holds in memory: its strings plus a fixed part, so that keys with long
    /// versions and language lists count against ``CheckAnswerTable``'s byte bound.
    var byteCount: Int {
        64 + app.utf8.count + version.description.utf8.count + (os?.description.utf8.count ?? 0)
            + languages.reduce(0) { $0 + $1.utf8.count + 16 }
    }
}
