import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP client socket, for tests that must behave as no HTTP client would: send bytes
/// that are not HTTP, never read, or stall halfway through a head.
final class RawClientSocket: @unchecked Sendable {
    private let fd: Int32
    private var isClosed = false

    /// Connects to `127.0.0.1:port`.
    /// - Parameters:
    ///   - sendBuffer: `SO_SNDBUF`, set before connecting, to keep the kernel's share small.
    ///   - receiveBuffer: `SO_RCVBUF`, likewise, for a client that never reads.
    ///   - source: The address to connect from, such as `127.0.0.2` (Linux routes all of
    ///     127.0.0.0/8 to loopback), so one test can be several clients; `nil` lets the kernel pick.
    init(port: Int, sendBuffer: Int32? = nil, receiveBuffer: Int32? = nil, source: String? = nil) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure("socket: \(errno)") }
        if var size = sendBuffer {
            setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                closeDescriptor(fd)
                throw Failure("bind \(source): \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            closeDescriptor(fd)
            throw Failure("connect: \(errno)")
        }
    }

    deinit { close() }

    /// Closes the socket now rather than when it is released.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        closeDescriptor(fd)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Sends everything, blocking.
    func write(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure("send: \(errno)") }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// Sends without blocking; the bytes the kernel took, 0 when it took none (`EAGAIN`).
    func writeWithoutBlocking(_ bytes: [UInt8]) throws -> Int {
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        if sent >= 0 { return sent }
        guard errno == EAGAIN || errno == EWOULDBLOCK else { throw Failure("send: \(errno)") }
        return 0
    }

    /// Whether the socket can take more bytes within `milliseconds`.
    func waitUntilWritable(milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// Reads until the server closes the connection or `seconds` pass; what arrived, and whether it closed.
    /// ``readUntilClosed(seconds:)`` on a Dispatch thread. A live test's server runs on Swift's
    /// cooperative pool (two threads on two cores): a blocking read there can starve the very
    /// server it waits for when other tests block the other thread.
    func receive(seconds: Double) async -> (text: String, closed: Bool) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.readUntilClosed(seconds: seconds)) }
        }
    }

    func readUntilClosed(seconds: Double) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    /// ``readResponse(seconds:head:)`` on a Dispatch thread, for the reason ``receive(seconds:)`` gives.
    func response(seconds: Double, head: Bool = false) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.readResponse(seconds: seconds, head: head)) }
        }
    }

    /// Reads one whole response (a body by `Content-Length`, none for a 304 or when `head` says
    /// the request was a `HEAD`); `nil` when the connection closes or `seconds` pass first.
    func readResponse(seconds: Double, head: Bool = false) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            if let end = pending.firstRange(of: Array("\r\n\r\n".utf8)) {
                let headText = String(decoding: pending[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = headText.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let bodyLength = head || headText.hasPrefix("http/1.1 304") ? 0 : length
                if pending.count >= end.upperBound + bodyLength {
                    let response = String(decoding: pending[..<(end.upperBound + bodyLength)], as: UTF8.self)
                    pending.removeFirst(end.upperBound + bodyLength)
                    return response
                }
            }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            pending += buffer[..<count]
        }
        return nil
    }

    /// Bytes read by ``readResponse(seconds:head:)`` past the response it returned.
    private var pending: [UInt8] = []
}

/// The C library's `close`, which the socket's own `close()` hides inside the class.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
