import AsyncHTTPClient
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One plain line for a lookup that got no response, as the link's status shows it. NIO's own
/// descriptions nest types, addresses and errno text ("connection reset (error set): Connection
/// refused (errno: 111)"), which an operator reads as garbage (attack s13, 8).
enum TransportFailureText {
    /// The longest line kept.
    static let maximumLength = 200

    /// Describes `error` in one line of at most ``maximumLength`` characters.
    static func line(_ error: any Error) -> String {
        String(describe(error).split(whereSeparator: \.isNewline).joined(separator: " ").prefix(maximumLength))
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            if let dns = error.dnsAError ?? error.dnsAAAAError { return "can't resolve \(error.host): \(describe(dns))" }
            let reason = error.connectionErrors.last.map { describe($0.error) } ?? "no address to try"
            return "can't connect to \(error.host):\(error.port): \(reason)"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as HTTPClientError:
            // "HTTPClientError.remoteConnectionClosed": the case's name is the message.
            let name = String(describing: error).split(separator: ".").last.map(String.init) ?? "\(error)"
            return "the connection failed (\(name))"
        default:
            return String(describing: error)
        }
    }
}
