import Synchronization

/// Counts what the line decoder has taken from the connection against what the conversation
/// has read, so the conversation can tell whether anything the server sent is still waiting.
///
/// That matters at exactly one point: after the `220` to STARTTLS. Any byte already received by
/// then was sent in the clear, where anyone on the path could have written it; read after the
/// TLS handshake, it would pass for the server's encrypted answer (CVE-2011-0411).
package final class SMTPInputTally: Sendable {
    private struct Counts {
        var decodedLines = 0
        var readLines = 0
        var undecodedBytes = 0
    }

    private let counts = Mutex(Counts())

    /// The decoder passed one line on.
    func lineDecoded() { counts.withLock { $0.decodedLines += 1 } }

    /// The decoder holds this many bytes of a line not yet ended.
    func undecoded(_ bytes: Int) { counts.withLock { $0.undecodedBytes = bytes } }

    /// The conversation read one line.
    func lineRead() { counts.withLock { $0.readLines += 1 } }

    /// Whether the server's bytes include some the conversation has not read: decoded lines still
    /// queued, or part of a line. Exact only on the channel's event loop, where the decoder runs.
    var hasUnreadInput: Bool { counts.withLock { $0.decodedLines > $0.readLines || $0.undecodedBytes > 0 } }
}
