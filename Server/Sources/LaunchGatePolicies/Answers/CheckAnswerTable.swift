import NIOCore

/// Encoded `/check` answers, bounded in count and in bytes (keys included), evicting the oldest
/// one at a time.
///
/// Request data names the keys (versions, OS versions, languages), so anyone can add entries. When
/// the table is full, each new key pushes out only the oldest ones it must, so a burst of junk
/// keys costs the answers it displaces and not the whole table.
struct CheckAnswerTable {
    /// Entries kept at most.
    let maximumCount: Int
    /// Bytes of answers and keys kept at most.
    package let maximumBytes: Int
    private var answers: [CheckAnswerKey: ByteBuffer] = [:]
    /// Keys oldest first from `head`; the slots before it are spent.
    private var order: [CheckAnswerKey] = []
    private var head = 0
    /// Bytes held, answers and keys.
    private(set) var bytes = 0

    init(maximumCount: Int, maximumBytes: Int) {
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
    }

    /// Entries held.
    package var count: Int { answers.count }

    subscript(key: CheckAnswerKey) -> ByteBuffer? { answers[key] }

    /// Keeps an answer, replacing the key's earlier one; one that could never fit is not kept.
    package mutating func store(_ answer: ByteBuffer, for key: CheckAnswerKey) {
        let cost = Self.cost(answer, key)
        guard cost <= maximumBytes, maximumCount > 0 else {
            // Never kept; nor is an older answer for the key, which is out of date.
            if let old = answers.removeValue(forKey: key) { bytes -= Self.cost(old, key) }
            return
        }
        if let old = answers.updateValue(answer, forKey: key) {
            bytes += cost - Self.cost(old, key)
        } else {
            bytes += cost
            order.append(key)
        }
        while answers.count > maximumCount || bytes > maximumBytes, head < order.count {
            let oldest = order[head]
            head += 1
            // The entry just stored is never the one evicted while older ones remain.
            if let evicted = answers.removeValue(forKey: oldest) { bytes -= Self.cost(evicted, oldest) }
        }
        // Spent slots are dropped once they are half the queue, so it stays within twice the count.
        if head > order.count / 2 {
            order.removeFirst(head)
            head = 0
        }
    }

    /// Forgets every answer.
    package mutating func removeAll() {
        answers.removeAll()
        order.removeAll()
        head = 0
        bytes = 0
    }

    private static func cost(_ answer: ByteBuffer, _ key: CheckAnswerKey) -> Int { answer.readableBytes + key.byteCount }
}
