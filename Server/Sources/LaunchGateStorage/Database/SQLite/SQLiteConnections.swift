import Logging
import NIOPosix
import SQLKit
import SQLiteNIO
import Synchronization

/// A process's connections to one SQLite file, through SQLiteNIO: one for every operation, one at
/// a time, and one for reads with a time limit.
///
/// SQLite has one writer at a time anyway, and one operation at a time on one connection means a
/// transaction never interleaves with another. SQLite has no statement timeout, and SQLiteNIO
/// offers no way to interrupt a statement, so reads that an admin can make slow (adoption over
/// many groups) run on the second connection, read-only: writes never wait for them (WAL lets a
/// reader and a writer work at once), a caller is answered at its limit, and the statement that
/// was running then runs on to its end, with later timed reads waiting for it.
///
/// Both run their SQLite calls on a thread pool of their own, so a busy wait for another process's
/// lock never holds a thread the rest of the server shares.
final class SQLiteConnections: Sendable {
    private let path: String
    private let logger: Logger
    private let threadPool: NIOThreadPool
    private let connection: SQLiteConnection
    private let lock = AsyncLock()
    /// Opened by the first timed read; guarded by `readerLock`.
    private let reader = Mutex<SQLiteConnection?>(nil)
    private let readerLock = AsyncLock()
    private let closed = Mutex(false)

    /// How long a statement waits for another process's write lock.
    static let busyTimeout = Duration.seconds(5)
    /// How long ``close()`` waits for a timed read that runs on past its limit.
    static let readerCloseWait = Duration.seconds(2)

    private init(path: String, logger: Logger, threadPool: NIOThreadPool, connection: SQLiteConnection) {
        self.path = path
        self.logger = logger
        self.threadPool = threadPool
        self.connection = connection
    }

    /// Opens the file and sets the connection up: the busy timeout (first, as the journal mode
    /// change may need to wait), WAL so a second process (another instance, the CLI) and the timed
    /// reads read while one writes, foreign keys, and relaxed syncing (durable transactions sync;
    /// see ``Durability``). Read-only, the journal mode is left as the file has it.
    /// - Throws: SQLiteNIO's `SQLiteError` when the file can't be opened or set up.
    package static func open(path: String, readOnly: Bool, logger: Logger) async throws -> SQLiteConnections {
        // Two threads: one per connection, each used by one operation at a time.
        let threadPool = NIOThreadPool(numberOfThreads: 2)
        threadPool.start()
        do {
            let connection = try await SQLiteFile.open(path, access: readOnly ? .readOnly : .readWriteCreate, busyTimeout: busyTimeout,
                                                       threadPool: threadPool, logger: logger)
            do {
                // secure_delete zeroes deleted rows' bytes, so an erased account doesn't stay readable in free pages;
                // set here rather than left to how SQLite happened to be compiled (attack s13, F3).
                let writing = ["PRAGMA journal_mode = WAL", "PRAGMA secure_delete = ON"]
                for pragma in (readOnly ? [] : writing) + ["PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL"] {
                    try await connection.query(pragma) { _ in }
                }
            } catch {
                try? await connection.close()
                throw error
            }
            return SQLiteConnections(path: path, logger: logger, threadPool: threadPool, connection: connection)
        } catch {
            try? await threadPool.shutdownGracefully()
            throw error
        }
    }

    /// Runs `body` on the connection once every operation before it has ended.
    ///
    /// It runs in a task of its own, to its end even when the task that asked for it is cancelled:
    /// SQLiteNIO drops the statements of a cancelled task before they run, and a transaction whose
    /// `ROLLBACK` was dropped would stay open on the connection, under the next operation.
    /// - Throws: ``SQLiteOperationError/ended`` after ``close()``, or what `body` throws.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await Task {
            try await self.lock.withLock {
                try self.requireOpen()
                let operation = SQLiteOperation()
                defer { operation.end() }
                return try await body(SQLiteSession(connection: self.connection, operation: operation))
            }
        }.value
    }

    /// Runs `body` on the read-only connection, and answers when it is done or when `timeout` has
    /// passed, whichever comes first. At the limit, the statement running goes on to its end (it
    /// can't be stopped) and every later statement of `body` fails before it starts.
    /// - Throws: ``SQLiteOperationError/expired`` at the limit, or what `body` throws.
    package func read<T: Sendable>(timeout: Duration, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let operation = SQLiteOperation()
        return try await withCheckedThrowingContinuation { continuation in
            let answer = FirstAnswer(continuation)
            let deadline = Task {
                guard (try? await Task.sleep(for: timeout)) != nil, operation.expire() else { return }
                answer.resume(with: .failure(SQLiteOperationError.expired))
            }
            Task {
                let result: Result<T, any Error>
                do {
                    result = .success(try await self.readerLock.withLock {
                        // A read that waited out its limit behind another runs nothing.
                        try operation.requireActive()
                        let reader = try await self.openedReader()
                        return try await body(SQLiteSession(connection: reader, operation: operation))
                    })
                } catch {
                    result = .failure(error)
                }
                operation.end()
                deadline.cancel()
                answer.resume(with: result)
            }
        }
    }

    /// The read-only connection, opened on first use.
    private func openedReader() async throws -> SQLiteConnection {
        try requireOpen()
        if let reader = reader.withLock({ $0 }) { return reader }
        let opened = try await SQLiteFile.open(path, access: .readOnly, busyTimeout: Self.busyTimeout, threadPool: threadPool, logger: logger)
        reader.withLock { $0 = opened }
        return opened
    }

    private func requireOpen() throws {
        if closed.withLock({ $0 }) { throw SQLiteOperationError.ended }
    }

    /// Whether ``close()`` has begun: operations then fail before they start.
    var isClosed: Bool { closed.withLock { $0 } }

    /// Closes both connections after the operations already waiting, then the thread pool; in a
    /// task of its own, as operations run, so a shutdown that cancels its caller still closes them.
    ///
    /// A timed read that passed its limit runs on to its end, which SQLiteNIO can't cut short and
    /// an admin's data can make long: for it, close waits at most ``readerCloseWait``, then
    /// leaves the read-only connection and the thread pool to the process's exit, so a server's
    /// shutdown is not held up by it (writes are all on the other connection, closed by then).
    package func close() async {
        await Task {
            try? await self.lock.withLock {
                self.closed.withLock { $0 = true }
                try await self.connection.close()
            }
            let readerClosed = (try? await withCheckedThrowingContinuation { continuation in
                let answer = FirstAnswer<Bool>(continuation)
                let timer = Task {
                    try? await Task.sleep(for: Self.readerCloseWait)
                    answer.resume(with: .success(false))
                }
                Task {
                    try? await self.readerLock.withLock {
                        if let reader = self.reader.withLock({ $0 }) { try await reader.close() }
                    }
                    timer.cancel()
                    answer.resume(with: .success(true))
                }
            }) ?? false
            guard readerClosed else {
                self.logger.warning("A read still runs past its time limit on SQLite's read-only connection; closing without waiting for it")
                return
            }
            try? await self.threadPool.shutdownGracefully()
        }.value
    }
}
