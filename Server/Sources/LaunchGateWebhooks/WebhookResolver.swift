import Foundation
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks up a host's addresses, so tests can script DNS (and rebinding).
public protocol WebhookResolver: Sendable {
    /// Every address of `host`, as text.
    func addresses(of host: String) async throws -> [String]
}

/// The system's resolver (`getaddrinfo`), on NIO's thread pool so a slow lookup blocks no event loop.
public struct SystemWebhookResolver: WebhookResolver {
    /// Creates the resolver.
    public init() {}

    public func addresses(of host: String) async throws -> [String] {
        try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            #else
            hints.ai_socktype = SOCK_STREAM
            #endif
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, nil, &hints, &list)
            guard status == 0, let list else { throw WebhookError.unresolved(host: host) }
            defer { freeaddrinfo(list) }
            var found: [String] = []
            var next: UnsafeMutablePointer<addrinfo>? = list
            while let entry = next?.pointee {
                next = entry.ai_next
                guard let address = entry.ai_addr else { continue }
                var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
                if entry.ai_family == AF_INET {
                    var v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    inet_ntop(AF_INET, &v4, &buffer, socklen_t(buffer.count))
                } else if entry.ai_family == AF_INET6 {
                    var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count))
                } else { continue }
                let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !found.contains(text) { found.append(text) }
            }
            return found
        }
    }
}
