import AsyncHTTPClient
import Foundation
import NIOCore

/// ``AppStoreHTTPTransport`` over AsyncHTTPClient, whose HTTP/1 parser is NIO's: the one parser
/// the server uses. Redirects are never followed: an answer that moves elsewhere is not Apple's
/// lookup answering, and following it would let a hostile answer point the poller at any host.
public final class AsyncHTTPAppStoreTransport: AppStoreHTTPTransport {
    private let client: HTTPClient

    /// Creates a transport with its own connection pool on NIO's shared event loops.
    public init() {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(5), read: .seconds(10))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Creates a transport over a client shared with App Store Connect's transport; whoever made
    /// the client shuts it down once (see ``HTTPClientConnectTransport/makeClient()``: it follows no redirect either).
    public init(client: HTTPClient) {
        self.client = client
    }

    public func get(_ url: URL, timeout: Duration, maximumBytes: Int) async throws -> AppStoreHTTPResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .GET
        request.headers.add(name: "Accept", value: "application/json")
        let limit = TimeAmount.nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        let deadline = NIODeadline.now() + limit
        do {
            let response = try await client.execute(request, deadline: deadline)
            // The deadline covers the request; the body is read under the same one.
            let body = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await response.body.collect(upTo: maximumBytes) }
                group.addTask {
                    try await Task.sleep(for: .nanoseconds(max(0, (deadline - NIODeadline.now()).nanoseconds)))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let body = first else { throw AppStoreTransportError.timeout }
                return body
            }
            return AppStoreHTTPResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
        } catch let error as AppStoreTransportError {
            throw error
        } catch is NIOTooManyBytesError {
            throw AppStoreTransportError.tooLarge(limit: maximumBytes)
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            throw AppStoreTransportError.timeout
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw AppStoreTransportError.failed(TransportFailureText.line(error))
        }
    }

    /// Closes the connection pool; call once, when the poller stops.
    public func shutdown() async throws {
        try await client.shutdown()
    }
}
