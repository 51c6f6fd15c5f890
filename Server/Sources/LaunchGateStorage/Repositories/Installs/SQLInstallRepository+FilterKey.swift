import Foundation
import Synchronization
import SQLKit

extension SQLInstallRepository {
    /// The database's key of filters of refused versions, once read: it never changes while a
    /// database is in use, so each process reads it once.
    package final class FilterKeyCache: Sendable {
        private let key = Mutex<RefusedVersionFilter.Key?>(nil)
        package init() {}
        var value: RefusedVersionFilter.Key? {
            get { key.withLock { $0 } }
            set { key.withLock { $0 = newValue } }
        }
    }

    /// The name of the key's row in `install_secrets`.
    static let filterKeyName = "refused-version-filter"

    /// The database's key of filters, storing ``newFilterKey``'s when it has none yet: the first
    /// instance to record a refusal makes it, and every later one, and every instance beside it,
    /// reads the same, so their filters add up. Called inside the recording transaction, after its
    /// turn (``takeTurn(_:)``), so two instances don't both store one.
    package func filterKey(_ db: any SQLDatabase) async throws -> RefusedVersionFilter.Key {
        if let key = try await storedFilterKey(db) { return key }
        try await db.insert(into: "install_secrets").columns("name", "value")
            .values(SQLBind(Self.filterKeyName), SQLBind(Data(newFilterKey().bytes)))
            .ignoringConflicts(with: ["name"]).run()
        // Not cached until read again after this transaction: were it rolled back, another key
        // could be stored, and this process's filters would all read as unknown.
        guard let key = try await selectFilterKey(db) else {
            throw StorageError.corrupt("the key of the filters of refused versions vanished while it was being stored")
        }
        return key
    }

    /// The database's key of filters, or `nil` when it has none yet (then no stored filter can be read).
    package func storedFilterKey(_ db: any SQLDatabase) async throws -> RefusedVersionFilter.Key? {
        if let key = filterKeys.value { return key }
        let key = try await selectFilterKey(db)
        filterKeys.value = key
        return key
    }

    private func selectFilterKey(_ db: any SQLDatabase) async throws -> RefusedVersionFilter.Key? {
        try await db.select().column("value").from("install_secrets").where("name", .equal, Self.filterKeyName).first()
            .map { RefusedVersionFilter.Key(bytes: Array(try $0.decode(column: "value", as: Data.self))) }
    }
}
