import Foundation

/// A thread of its own for the Swift code of SQLite operations: the statements' building, the
/// decisions between them, and the lock that keeps one transaction on the connection at a time.
///
/// SQLite runs one transaction at a time, and a transaction holds the connection while its Swift
/// code runs between statements. With the statements handed to a thread pool and the code resumed
/// on the shared cooperative pool, every statement cost two thread wake-ups, and the connection sat
/// idle most of the time a transaction held it. Here the code and SQLite's calls (``SQLiteHandle``)
/// run on one thread, one after another.
///
/// Jobs enqueued after ``shutdown()`` go to the global executor, so a late task still finishes.
final class SQLiteTaskExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` and `stopped` are only touched while `condition` is locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    /// Starts the thread.
    /// - Parameter name: The thread's name, for debuggers and profilers (at most 15 bytes on Linux).
    init(name: String) {
        // Named from inside, where Linux applies it.
        Thread { [self] in
            Thread.current.name = name
            run()
        }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        condition.lock()
        if stopped {
            condition.unlock()
            globalConcurrentExecutor.enqueue(job)
            return
        }
        jobs.append(UnownedJob(job))
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once it has run what is queued.
    func shutdown() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        var batch: [UnownedJob] = []
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            swap(&batch, &jobs)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
