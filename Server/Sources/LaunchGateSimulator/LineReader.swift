import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from standard input (or any source of bytes) with a bound on their length, so a
/// runaway pipe can't grow memory without end: a longer line is read to its end, dropped and
/// reported as ``Next/tooLong``.
public final class LineReader {
    /// What the next read found.
    public enum Next: Sendable, Hashable {
        /// A line, without its line break (`\n` or `\r\n`); bytes that are not UTF-8 become U+FFFD.
        case line(String)
        /// A line longer than ``limit`` bytes, dropped.
        case tooLong
        /// The end of the input.
        case end
    }

    /// The longest line taken, in bytes without the line break.
    public let limit: Int
    private let source: () -> [UInt8]?
    private var buffer: [UInt8] = []
    private var atEnd = false

    /// The longest line taken by default: far longer than any command, address or code.
    public static let defaultLimit = 4_096

    /// Creates a reader over chunks of bytes.
    /// - Parameters:
    ///   - limit: The longest line, in bytes.
    ///   - read: The next chunk, or `nil` at the end of the input.
    public init(limit: Int = LineReader.defaultLimit, read: @escaping () -> [UInt8]?) {
        self.limit = max(1, limit)
        self.source = read
    }

    /// Creates a reader of a file descriptor, such as 0 for standard input.
    /// - Parameters:
    ///   - descriptor: The descriptor; a read error counts as the end.
    ///   - limit: The longest line, in bytes.
    public convenience init(descriptor: Int32, limit: Int = LineReader.defaultLimit) {
        self.init(limit: limit) {
            var chunk = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                return count > 0 ? Array(chunk.prefix(count)) : nil
            }
        }
    }

    /// Reads the next line; blocks until one is complete or the input ends.
    /// - Returns: The line, a dropped long line, or the end.
    public func next() -> Next {
        var discarding = false
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                if discarding || line.count > limit + 1 { return .tooLong }
                return Self.decode(line, limit: limit) ?? .tooLong
            }
            if buffer.count > limit + 1 {
                // Keep nothing of a line that is already too long; read on to its end.
                discarding = true
                buffer.removeAll(keepingCapacity: true)
            }
            if atEnd {
                guard !buffer.isEmpty || discarding else { return .end }
                let rest = buffer
                buffer.removeAll()
                return discarding ? .tooLong : Self.decode(rest[...], limit: limit) ?? .tooLong
            }
            if let chunk = source() { buffer += chunk } else { atEnd = true }
        }
    }

    /// A line without its `\r`, or `nil` when it is over the limit.
    private static func decode(_ bytes: ArraySlice<UInt8>, limit: Int) -> Next? {
        let line = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
        guard line.count <= limit else { return nil }
        return .line(String(decoding: line, as: UTF8.self))
    }
}
