import Foundation

/// Holds a scripted answer back until the test opens it, so a test can look at what happens
/// while a request is in flight without guessing how long to sleep.
///
/// ```swift
/// let gate = TransportGate()
/// transport.enqueue(.gated(gate, .json(body)), for: url)
/// // … the request is now outstanding …
/// gate.open()
/// ```
public final class TransportGate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Creates a closed gate.
    public init() {}

    /// Lets every answer held at the gate through, now and later.
    public func open() {
        let resumed: [CheckedContinuation<Void, Never>] = lock.withLock {
            isOpen = true
            defer { waiting.removeAll() }
            return waiting
        }
        for continuation in resumed { continuation.resume() }
    }

    /// Returns once the gate is open.
    func pass() async {
        await withCheckedContinuation { continuation in
            let passNow = lock.withLock {
                if isOpen { return true }
                waiting.append(continuation)
                return false
            }
            if passNow { continuation.resume() }
        }
    }
}
