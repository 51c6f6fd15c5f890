import Foundation
import Logging
import SQLKit
import SQLiteNIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DatabaseRestore {
    /// Copies the backup into `candidate` (an empty file) with `VACUUM INTO`, from the backup
    /// opened read-only after SQLite's integrity check: what is in the backup's `-wal` is copied
    /// too, and the copy is one self-contained file in rollback mode.
    ///
    /// SQLite never opens the backup by name: its bytes are first copied through `input`, the
    /// descriptor checked when the restore began, into ``BackupTemporaryFile/inputPath`` (its
    /// `-wal` and `-journal` beside it, opened without following a symlink or waiting on a FIFO),
    /// so a file swapped in at its name meanwhile (a FIFO that would hang the restore while it
    /// holds the lock) is never read.
    /// - Throws: ``BackupError`` `notADatabase`, `failed`.
    package static func copy(_ input: Int32, named file: String, to candidate: BackupTemporaryFile, logger: Logger) async throws {
        let staged = candidate.inputPath
        defer { BackupFiles.remove(staged, staged + "-wal", staged + "-journal", staged + "-shm") }
        try stage(input, named: file, to: staged)
        // Beside the file it resolves to, as SQLite looks for them.
        let original = DatabaseFileLock.canonicalPath(file)
        for suffix in ["-wal", "-journal"] {
            let companion = systemOpen(original + suffix, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard companion >= 0 else {
                if errno == ENOENT { continue }
                throw BackupError.notADatabase(file: file, reason: "its \(suffix) can't be read: \(systemMessage(errno))")
            }
            defer { systemClose(companion) }
            var info = stat()
            guard fstat(companion, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw BackupError.notADatabase(file: file, reason: "its \(suffix) is not a regular file")
            }
            try stage(companion, named: file + suffix, to: staged + suffix)
        }
        do {
            let target = candidate.path
            try await SQLiteFile.withConnection(staged, access: .readOnly, logger: logger) { source in
                // Before anything reads the whole file: a backup of 60,000 tables kept VACUUM busy for minutes
                // while the lock was held. sqlite_* rows count too.
                let objects = try await source.raw("SELECT count(*) AS n FROM sqlite_master").first()?.decode(column: "n", as: Int.self) ?? 0
                guard objects <= schemaObjectLimit else {
                    throw BackupError.notADatabase(file: file, reason: "its schema has \(objects) objects, more than \(schemaObjectLimit); LaunchGate's migrations make a few dozen")
                }
                let problems = try await strings(source, "PRAGMA integrity_check", column: "integrity_check").filter { $0 != "ok" }
                guard problems.isEmpty else {
                    throw BackupError.notADatabase(file: file, reason: "integrity check: \(problems.prefix(3).joined(separator: "; "))")
                }
                try await source.raw("VACUUM INTO \(bind: target)").run()
            }
        } catch let error as SQLiteError {
            throw BackupError.notADatabase(file: file, reason: error.message)
        }
    }

    /// Copies what `input` holds, from its start, into a new 0600 file at `path` (in the private folder).
    private static func stage(_ input: Int32, named file: String, to path: String) throws {
        let output = systemOpen(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw BackupError.failed("could not create \(path) to copy \(file) into: \(systemMessage(errno)); nothing was changed") }
        defer { systemClose(output) }
        guard lseek(input, 0, SEEK_SET) == 0 else { throw BackupError.notADatabase(file: file, reason: "it can't be read from its start") }
        if let problem = BackupFiles.copyContents(from: input, to: output) {
            throw BackupError.failed("could not copy \(file) to \(path): \(problem); nothing was changed")
        }
    }

    /// Checks the copy: the migrations table against this version's, and the signing keys against
    /// the master key.
    package func check(_ candidate: String, named file: String) async throws -> Summary {
        let found: (tables: Set<String>, applied: [String], sealedKeys: [String])
        do {
            found = try await SQLiteFile.withConnection(candidate, access: .readOnly, logger: logger) { db in
                let tables = Set(try await Self.strings(db, "SELECT name FROM sqlite_master WHERE type = 'table'", column: "name"))
                let applied = tables.contains("launchgate_migrations")
                    ? try await Self.strings(db, "SELECT name FROM launchgate_migrations", column: "name") : []
                let keys = tables.contains("signing_keys")
                    ? try await Self.strings(db, "SELECT sealed_private_key FROM signing_keys", column: "sealed_private_key") : []
                return (tables, applied, keys)
            }
        } catch let error as SQLiteError {
            throw BackupError.notADatabase(file: file, reason: error.message)
        }
        let known = Migrator.all.map(\.name)
        guard found.tables.contains("launchgate_migrations"), let first = known.first, found.applied.contains(first) else {
            throw BackupError.notLaunchGate(file)
        }
        let unknown = found.applied.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else { throw BackupError.newerSchema(file: file, names: unknown) }
        // Migrations run in order, so a real database has applied a prefix of them; 001 and 003
        // without 002 is a crafted file, and the next serve would apply 002 after 003.
        guard Set(found.applied) == Set(known.prefix(found.applied.count)) else { throw BackupError.notLaunchGate(file) }
        try checkMasterKey(opens: found.sealedKeys, named: file)
        return Summary(applied: known.filter(found.applied.contains), pending: known.filter { !found.applied.contains($0) })
    }

    /// Refuses a backup whose signing keys the configured master key doesn't open: restored, the
    /// server would not start, and apps pin the key's public half. Skipped without a source.
    private func checkMasterKey(opens sealedKeys: [String], named file: String) throws {
        guard let source = masterKey, !sealedKeys.isEmpty else { return }
        let name = source.environmentValue.map { $0.isEmpty ? nil : "LAUNCHGATE_MASTER_KEY" } ?? nil
        let key: MasterKey
        do { key = try MasterKey.load(environmentValue: source.environmentValue, file: source.file, create: false) } catch let error as MasterKeyError where error.reason == .missing {
            throw BackupError.foreignMasterKey(file: file, key: source.file.path, missing: true)
        }
        do {
            for sealed in sealedKeys { _ = try key.openSigningKey(sealed) }
        } catch {
            throw BackupError.foreignMasterKey(file: file, key: name ?? source.file.path, missing: false)
        }
    }

    /// The text column `column` of every row `sql` returns.
    package static func strings(_ db: any SQLDatabase, _ sql: SQLQueryString, column: String) async throws -> [String] {
        try await db.raw(sql).all().map { try $0.decode(column: column, as: String.self) }
    }
}
