import AsyncHTTPClient
import Foundation
import LaunchGateStorage
import NIOCore
import NIOPosix

/// Posts deliveries with AsyncHTTPClient (NIO's HTTP/1 parser, the one the server allows).
///
/// Each attempt resolves the host once through ``WebhookAddressPolicy``, refuses a private
/// address, and connects to the very address it checked: the client's `dnsOverride` maps the host
/// to it, while TLS still verifies the certificate for the host's name, so a DNS answer that changes
/// between the check and the connect (rebinding) changes nothing. Redirects are not followed by the
/// client: at most ``maximumRedirects`` are followed here, each target checked like the first, and
/// each re-posting the same signed body. All of an attempt, lookups and redirects included, ends by
/// one deadline, ``timeout`` after it starts (attack s14, H2).
public struct WebhookHTTPTransport: WebhookTransport {
    /// Redirects followed before giving up.
    public static let maximumRedirects = 3
    /// Bytes of a response body read, for the delivery log; the rest is never read.
    public static let responseBytes = 1024

    /// Which addresses may be reached.
    public let policy: WebhookAddressPolicy
    /// The longest an attempt takes, first lookup to last byte read, all its redirects included.
    public let timeout: Duration
    /// The `User-Agent`.
    public let userAgent: String

    /// Creates the transport.
    /// - Parameters:
    ///   - policy: The address checks.
    ///   - timeout: Per attempt (10 s by default).
    ///   - userAgent: Sent on every attempt.
    public init(policy: WebhookAddressPolicy, timeout: Duration = .seconds(10), userAgent: String = "LaunchGate-Webhooks") {
        self.policy = policy
        self.timeout = timeout
        self.userAgent = userAgent
    }

    public func post(to url: URL, headers: [(name: String, value: String)], body: Data) async throws -> WebhookResponse {
        let ends = NIODeadline.now() + TimeAmount.nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        // The limit also ends a lookup that hangs, which no deadline of the client's covers.
        guard let response = try await TimeLimit.run(timeout, { try await follow(url, headers: headers, body: body, ends: ends) }) else {
            throw HTTPClientError.deadlineExceeded
        }
        return response
    }

    private func follow(_ url: URL, headers: [(name: String, value: String)], body: Data, ends: NIODeadline) async throws -> WebhookResponse {
        var url = url
        for hop in 0...Self.maximumRedirects {
            let target = try await policy.target(url)
            let (response, location) = try await send(to: target, headers: headers, body: body, ends: ends)
            guard [301, 302, 303, 307, 308].contains(response.status), let location else { return response }
            guard hop < Self.maximumRedirects else { throw WebhookError.tooManyRedirects }
            guard let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                throw WebhookError.invalidURL("the endpoint redirected to \"\(location.prefix(200))\", which is not a URL")
            }
            url = next
        }
        throw WebhookError.tooManyRedirects
    }

    private func send(to target: WebhookTarget, headers: [(name: String, value: String)], body: Data,
                      ends: NIODeadline) async throws -> (WebhookResponse, String?) {
        let amount = ends - NIODeadline.now()
        guard amount > .zero else { throw HTTPClientError.deadlineExceeded }
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: amount, read: amount))
        if target.host != target.address { configuration.dnsOverride = [target.host: target.address] }
        // A client per attempt: its dnsOverride is the address just checked, and no pooled
        // connection to an address checked earlier is reused.
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
        do {
            let result = try await exchange(client, target: target, headers: headers, body: body, ends: ends)
            try? await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func exchange(_ client: HTTPClient, target: WebhookTarget, headers: [(name: String, value: String)], body: Data,
                          ends: NIODeadline) async throws -> (WebhookResponse, String?) {
        var request = HTTPClientRequest(url: target.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: userAgent)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, deadline: ends)
        // AsyncHTTPClient's deadline ends with the head: a receiver dripping its body a byte at a
        // time would hold the delivery past its lease, and it would be sent again (review s13, G4).
        let limit = Self.responseBytes
        let left = Duration.nanoseconds(max(0, (ends - NIODeadline.now()).nanoseconds))
        let read = try await TimeLimit.run(left) {
            var collected = ByteBuffer()
            for try await chunk in response.body {
                var chunk = chunk
                if let bytes = chunk.readSlice(length: min(chunk.readableBytes, limit - collected.readableBytes)) {
                    var bytes = bytes
                    collected.writeBuffer(&bytes)
                }
                if collected.readableBytes >= limit { break }
            }
            return collected
        }
        guard let collected = read else { throw HTTPClientError.deadlineExceeded }
        let text = String(decoding: collected.readableBytesView, as: UTF8.self)
        return (WebhookResponse(status: Int(response.status.code), body: text), response.headers.first(name: "location"))
    }
}
