import Foundation

/// A thread of its own for the Swift code of SQLite operations: the statements' building, the
/// decisions between them, and the lock that keeps one transaction on the connection at a time.
///
/// SQLite runs one transaction at a time, and a transaction holds the connection while its Swift
/// code waits between statements. On the shared cooperative pool every such wait queued behind
/// whatever HTTP work was pending, so the connection sat idle most of the time the lock was held
/// (a convoy): under load, a send-code's eight statements took longer waiting than running. On
/// this thread the code resumes as soon as each statement is done.
///
/// Jobs enqueued after ``shutdown()`` go to the global executor, so a late task still finishes.
final class SQLiteTaskExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` and `stopped` are only touched while `condition` is locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    /// Starts the thread.
    /// - Parameter name: The thread's name, for debuggers and profilers.
    init(name: String) {
        // Named from inside, where Linux applies it (at most 15 bytes).
        Thread { [self] in
            Thread.current.name = name
            run()
        }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        guard !stopped else {
            condition.unlock()
            globalConcurrentExecutor.enqueue(job)
            return
        }
        jobs.append(job)
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
