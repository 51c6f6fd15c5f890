import SQLKit

/// One versioned change to the schema. Written with SQLKit's builders so the same code serves
/// SQLite and PostgreSQL: no enums (text instead), times as BIGINT milliseconds, and one change
/// per `ALTER TABLE`, which SQLite requires.
public protocol Migration: Sendable {
    /// A unique, never-changing name, recorded once applied.
    var name: String { get }
    /// Applies the change.
    func prepare(on database: any SQLDatabase) async throws
    /// Undoes it.
    func revert(on database: any SQLDatabase) async throws
}
