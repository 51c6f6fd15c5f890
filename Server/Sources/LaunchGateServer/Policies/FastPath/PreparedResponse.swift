import HTTPTypes
import Hummingbird

/// A public document's complete answers, built once per publish: the 200 and the 304 as
/// serialized HTTP/1.1 bytes for ``PolicyFastPathHandler``.
/// A class, so the fast path can tell by identity that its memoised bytes are still current.
final class PreparedResponse: Sendable {
    /// Targets longer than this get no prepared answer, so request data can't make the table's
    /// keys large: real policy URLs are well under it.
    static let maximumTargetLength = 512

    /// The app it belongs to.
    let app: String
    /// The strong ETag, quoted.
    let etag: String
    /// The ETag's bytes, to compare with `If-None-Match` before making any string.
    let etagBytes: [UInt8]
    /// The document.
    let body: ByteBuffer
    /// `HTTP/1.1 200 OK` and every header but `Date`, ending just before the `Date` line.
    let okPrefix: ByteBuffer
    /// The same for the 304.
    let notModifiedPrefix: ByteBuffer

    init(app: String, etag: String, okHeaders: HTTPFields, notModifiedHeaders: HTTPFields, body: ByteBuffer) {
        self.app = app
        self.etag = etag
        self.etagBytes = Array(etag.utf8)
        self.body = body
        var ok = okHeaders
        ok[.contentLength] = String(body.readableBytes)
        okPrefix = Self.serialize("HTTP/1.1 200 OK", ok)
        notModifiedPrefix = Self.serialize("HTTP/1.1 304 Not Modified", notModifiedHeaders)
    }

    private static func serialize(_ statusLine: String, _ fields: HTTPFields) -> ByteBuffer {
        var text = statusLine + "\r\nserver: LaunchGate\r\n"
        for field in fields { text += "\(field.name.canonicalName): \(field.value)\r\n" }
        return ByteBuffer(string: text)
    }
}
