/// Where ``MemorySignInRepository`` counts a deletion: the SQL table's primary key.
package struct DeletionCountKey: Hashable, Sendable {
    package var appID: String
    /// Whole UTC days since 1970 (``InstallDay``).
    package var day: Int
    package var requester: DeletionRequester
}
