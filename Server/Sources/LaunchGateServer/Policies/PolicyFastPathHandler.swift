import Foundation
import Metrics
import NIOCore
import NIOHTTP1

/// The read hot path: a keep-alive `GET` for a public document the server has already answered
/// is written as prepared bytes straight to the socket, right after HTTP decoding, with no async
/// task, HTTP type conversion, routing, header building or middleware.
///
/// Installed by ``PolicyFastPathInstaller`` between NIO's request decoder and the rest of
/// Hummingbird's pipeline. It answers only while no earlier request on the connection is still
/// being answered, so responses never overtake each other. Everything else (first requests after
/// a publish, installs that may be exempt, HTTP/1.0 or `Connection: close`, requests with a body,
/// admin) passes on to Hummingbird, whose router prepares the answer for next time. Requests served
/// here are counted in `launchgate_fast_path_responses_total` and are not logged one by one.
final class PolicyFastPathHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let cache: DocumentCache
    private let exemptions: ExemptionCache
    private let date: HTTPDateHeader
    private let counter: Counter
    private let socket: RawResponseWriter
    /// Requests passed on whose responses have not ended yet.
    private var inFlight = 0
    /// Set while the rest of a request answered here is read and dropped.
    private var answered = false
    /// The last complete answers this connection sent, valid for one prepared entry and one second.
    private var memo: (prepared: PreparedResponse, second: Int, ok: ByteBuffer, notModified: ByteBuffer)?

    init(cache: DocumentCache, exemptions: ExemptionCache, date: HTTPDateHeader, counter: Counter, socket: RawResponseWriter) {
        self.cache = cache
        self.exemptions = exemptions
        self.date = date
        self.counter = counter
        self.socket = socket
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if inFlight == 0, let prepared = preparedAnswer(for: head), socket.write(answer(prepared, to: head)) {
                answered = true
                counter.increment()
                return
            }
            inFlight += 1
            context.fireChannelRead(data)
        case .body:
            if !answered { context.fireChannelRead(data) }
        case .end:
            if answered { answered = false } else { context.fireChannelRead(data) }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { inFlight = max(0, inFlight - 1) }
        context.write(data, promise: promise)
    }

    private func preparedAnswer(for head: HTTPRequestHead) -> PreparedResponse? {
        guard head.method == .GET, head.isKeepAlive, let prepared = cache.prepared(for: head.uri) else { return nil }
        let headers = head.headers
        if let length = headers.first(name: "content-length"), length != "0" { return nil }
        if headers.contains(name: "transfer-encoding") { return nil }
        if headers.contains(name: "launchgate-client"), exemptions.mayHaveExemptions(app: prepared.app) { return nil }
        return prepared
    }

    /// The complete answer as one buffer; rebuilt at most once a second per connection, so a hit
    /// costs one retained buffer and one write.
    private func answer(_ prepared: PreparedResponse, to head: HTTPRequestHead) -> ByteBuffer {
        let notModified = head.headers.first(name: "if-none-match").map { Self.matches($0, etag: prepared.etag) } ?? false
        let second = Int(Date().timeIntervalSince1970)
        if let memo, memo.prepared === prepared, memo.second == second { return notModified ? memo.notModified : memo.ok }
        let dateLine = date.line
        var ok = prepared.okPrefix
        ok.writeImmutableBuffer(dateLine)
        ok.writeImmutableBuffer(prepared.body)
        var revalidated = prepared.notModifiedPrefix
        revalidated.writeImmutableBuffer(dateLine)
        memo = (prepared, second, ok, revalidated)
        return notModified ? revalidated : ok
    }

    /// `If-None-Match` against a strong ETag, compared weakly as RFC 9110 says for GET.
    static func matches(_ header: String, etag: String) -> Bool {
        if header == etag { return true }
        return header.split(separator: ",").contains { candidate in
            let trimmed = candidate.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
            let value = String(trimmed)
            return value == "*" || value == etag || value == "W/" + etag
        }
    }
}
