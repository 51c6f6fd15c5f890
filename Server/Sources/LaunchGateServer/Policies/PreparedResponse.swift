import HTTPTypes
import Hummingbird

/// A public document's complete answers, built once per publish: the 200 and the 304.
struct PreparedResponse: Sendable {
    /// The app it belongs to, for the exemption check.
    let app: String
    let etag: String
    let okHeaders: HTTPFields
    let notModifiedHeaders: HTTPFields
    let body: ByteBuffer

    func response(notModified: Bool) -> Response {
        notModified
            ? Response(status: .notModified, headers: notModifiedHeaders)
            : Response(status: .ok, headers: okHeaders, body: .init(byteBuffer: body))
    }
}
