import AsyncHTTPClient
import Foundation
import LaunchGateStorage
import NIOCore

/// ``AppStoreConnectTransport`` over AsyncHTTPClient (NIO's HTTP/1 parser, the one the server
/// allows), with redirects refused: a redirect would carry the bearer token elsewhere.
public struct HTTPClientConnectTransport: AppStoreConnectTransport {
    private let client: HTTPClient

    /// - Parameter client: A client built with `redirectConfiguration: .disallow`; see ``makeClient()``.
    public init(client: HTTPClient) { self.client = client }

    /// A client that follows no redirect. The caller shuts it down.
    public static func makeClient() -> HTTPClient {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(10))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public func get(_ url: URL, bearer: String, timeout: Duration, maxBytes: Int) async throws -> AppStoreConnectResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .GET
        request.headers.add(name: "Authorization", value: "Bearer \(bearer)")
        request.headers.add(name: "Accept", value: "application/json")
        let seconds = timeout.components.seconds
        let nanoseconds = Int64(timeout.components.attoseconds / 1_000_000_000)
        let deadline = NIODeadline.now() + .seconds(seconds) + .nanoseconds(nanoseconds)
        do {
            let response = try await client.execute(request, deadline: deadline)
            // AsyncHTTPClient's deadline ends with the head; the body is read under the same one (review s13, G4).
            let left = Duration.nanoseconds(max(0, (deadline - NIODeadline.now()).nanoseconds))
            guard let body = try await TimeLimit.run(left, { try await response.body.collect(upTo: maxBytes) }) else {
                throw AppStoreConnectError.timeout
            }
            return AppStoreConnectResponse(status: Int(response.status.code), body: Data(buffer: body))
        } catch let error as AppStoreConnectError {
            throw error
        } catch is NIOTooManyBytesError {
            throw AppStoreConnectError.tooLarge(limit: maxBytes)
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            throw AppStoreConnectError.timeout
        } catch {
            throw AppStoreConnectError.unreachable(String(describing: error).prefix(200).description)
        }
    }
}
