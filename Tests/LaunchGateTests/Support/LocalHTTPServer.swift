import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the live transport's tests, on plain sockets.
///
/// It answers one connection per scripted answer, in order, on its own thread. Every wait is
/// bounded (accept by `poll`, reads and writes by socket timeouts), so a broken test fails
/// instead of hanging.
final class LocalHTTPServer: @unchecked Sendable {
    enum Answer {
        /// A 200 with no Content-Length that streams `chunk`-byte writes until the client goes,
        /// ``stop()`` is called, or `total` bytes are out.
        case stream(chunk: Int, total: Int, declaredLength: Int? = nil)
        /// These exact bytes (head and body), then close.
        case raw(String)
    }

    let port: UInt16
    private let listener: Int32
    private let answers: [Answer]
    private let lock = NSLock()
    private var written: [Int] = []
    private var requestTexts: [String] = []
    private var stopped = false

    init(_ answers: [Answer]) throws {
        self.answers = answers
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 4) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else { close(listener); throw POSIXError(.EADDRINUSE) }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
    }

    /// The base URL, such as `http://127.0.0.1:54321`.
    var base: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Body bytes the kernel accepted per connection (what reached the socket, not what was read).
    var bytesWritten: [Int] { lock.withLock { written } }

    /// Ends a stream at its next write.
    func stop() { lock.withLock { stopped = true } }

    /// Each request's head and body, in order.
    var requests: [String] { lock.withLock { requestTexts } }

    /// Serves the answers on a thread and returns once every answered connection is closed.
    func serve() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread { [self] in
                for answer in answers { guard serveOne(answer) else { break } }
                close(listener)
                done.resume()
            }
            thread.start()
        }
    }

    private func serveOne(_ answer: Answer) -> Bool {
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, 10_000) == 1 else { return false }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return false }
        defer { close(connection) }
        var limit = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let request = readRequest(connection)
        lock.withLock { requestTexts.append(request) }
        switch answer {
        case .raw(let text):
            _ = write(connection, Array(text.utf8))
            lock.withLock { written.append(0) }
        case .stream(let chunk, let total, let declared):
            let length = declared.map { "Content-Length: \($0)\r\n" } ?? ""
            _ = write(connection, Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(length)Connection: close\r\n\r\n".utf8))
            let bytes = [UInt8](repeating: 0x20, count: chunk)
            var sent = 0
            while sent < total, !lock.withLock({ stopped }), write(connection, bytes) { sent += chunk }
            lock.withLock { written.append(sent) }
        }
        return true
    }

    /// Reads a request head and, when it declares a Content-Length, its body; at most 16 KiB in all.
    private func readRequest(_ connection: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while bytes.count < 16 * 1024 {
            if let end = Self.headEnd(in: bytes), bytes.count >= end + Self.contentLength(in: bytes[..<end]) { break }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the blank line after the head ends, if it has arrived.
    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) }.map { $0 + 4 }
    }

    private static func contentLength(in head: ArraySlice<UInt8>) -> Int {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n")
        let field = lines.first { $0.lowercased().hasPrefix("content-length:") }
        return field.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// Writes every byte, without SIGPIPE when the client has gone; `false` once it has.
    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
