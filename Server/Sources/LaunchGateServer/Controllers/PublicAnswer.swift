import HTTPTypes
import LaunchGateHTTP
import LaunchGatePolicies
import NIOCore

/// The HTTP answer to a public read, made in one place for the router and the hot path, so the
/// two send the same status, headers and body for the same request and document.
struct PublicAnswer {
    let status: HTTPResponse.Status
    /// Every header the answer's handler sets, `Content-Length` included but on a 304 (where NIO's
    /// encoder drops it anyway); the request ID, `Date` and `Server` are stamped on later, by the
    /// middleware and Hummingbird or by the hot path.
    let headers: HTTPFields
    /// The body; `nil` for a 304 and for `HEAD`.
    let body: ByteBuffer?

    /// The answer to a `GET` or `HEAD` of a signed document.
    ///
    /// One answer for everyone (exemptions are inside the signed document), so shared caches may
    /// keep it; a 304 carries only what updates a cache's stored copy (RFC 9110 §15.4.5): the
    /// signature belongs to the body the client already holds.
    /// - Parameters:
    ///   - ifNoneMatch: The request's `If-None-Match` values.
    ///   - maxAge: `Cache-Control` max-age, in seconds.
    ///   - isHead: Whether the request is a `HEAD`: the same headers, no body.
    init(document: ServedDocument, ifNoneMatch: [String], maxAge: Int, isHead: Bool) {
        self.init(document: document, ifNoneMatch: ifNoneMatch, cacheControl: Self.cacheControl(maxAge: maxAge), isHead: isHead)
    }

    /// The same answer with documents' `Cache-Control` already written (``cacheControl(maxAge:)``),
    /// as the hot path keeps it. The fields are appended in order, each name once, rather than set
    /// by name, which searches the fields each time.
    init(document: ServedDocument, ifNoneMatch: [String], cacheControl: String, isHead: Bool) {
        var headers = HTTPFields()
        headers.reserveCapacity(8)
        headers.append(HTTPField(name: .eTag, value: document.etag))
        headers.append(HTTPField(name: .cacheControl, value: cacheControl))
        if ifNoneMatch.contains(where: { EntityTag.matches($0, etag: document.etag) }) {
            self.init(status: .notModified, headers: headers, body: nil)
            return
        }
        headers.append(HTTPField(name: .contentType, value: "application/json"))
        if let signature = document.signature { headers.append(HTTPField(name: RequestValues.signatureHeader, value: signature)) }
        headers.append(HTTPField(name: .contentLength, value: String(document.body.readableBytes)))
        self.init(status: .ok, headers: headers, body: isHead ? nil : document.body)
    }

    /// Documents' `Cache-Control`: `maxAge` seconds fresh, then served stale while revalidating.
    static func cacheControl(maxAge: Int) -> String {
        "public, max-age=\(maxAge), stale-while-revalidate=\(maxAge * 5), stale-if-error=86400"
    }

    /// The answer to `/check`.
    ///
    /// Never stored by a shared cache: without `install` or `device` in the query the answer
    /// depends on the `LaunchGate-Client` header (an exempt tester's "up to date" must not reach
    /// everyone asking the same URL), and a rollout's answer depends on the install either way.
    init(check body: ByteBuffer) {
        self.init(status: .ok, headers: [
            .contentType: "application/json; charset=utf-8", .cacheControl: "private, no-store", .contentLength: String(body.readableBytes),
        ], body: body)
    }

    private init(status: HTTPResponse.Status, headers: HTTPFields, body: ByteBuffer?) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
