import Foundation

/// One HTTP exchange for a policy, with the checks that need only the bytes:
/// status, content type, size, truncation, and the signature's retrieval.
struct PolicyDownload: Sendable {
    enum Result: Sendable {
        case notModified
        case document(body: Data, etag: String?, signature: PolicySignature?)
    }

    /// Content types a policy may come as. `text/plain` is GitHub's raw files, octet-stream an S3
    /// upload without a type; `text/html` is refused because it is what captive portals return.
    static func isAcceptable(contentType: String?) -> Bool {
        guard let contentType else { return true }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.isEmpty || type == "application/json" || type.hasSuffix("+json") || type == "text/json"
            || type == "text/plain" || type == "application/octet-stream" || type == "binary/octet-stream"
    }

    /// Whether the answer came with a content coding other than `identity` (gzip, br, deflate).
    static func isEncoded(_ response: TransportResponse) -> Bool {
        guard let coding = response.header("Content-Encoding")?.trimmingCharacters(in: .whitespaces), !coding.isEmpty else { return false }
        return coding.lowercased() != "identity"
    }

    let source: PolicySource
    let app: AppInfo
    let installID: String
    let transport: any HTTPTransport
    let maximumSize: Int
    /// The transport's own timeout, so a live transport gives up with the fetch deadline.
    let timeout: TimeInterval

    func run(etag: String?) async throws -> Result {
        var headers = [AppInfo.clientHeaderName: app.clientHeader(installID: installID), "Accept": "application/json"]
        if let etag { headers["If-None-Match"] = etag }
        let response = try await send(TransportRequest(url: source.url, headers: headers, timeout: timeout, maximumBodySize: maximumSize))
        if response.status == 304 { return .notModified }
        let body = try checked(response)
        var signature = response.header(PolicySignature.headerName).flatMap(PolicySignature.init)
        if signature == nil, source.requiresSignature {
            signature = await sidecarSignature()
        }
        return .document(body: body, etag: response.header("ETag"), signature: signature)
    }

    private func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response: TransportResponse
        do { response = try await transport.send(request) } catch let error as LaunchGateError { throw error } catch is CancellationError {
            throw LaunchGateError.timeout
        } catch {
            throw LaunchGateError.transport(error.localizedDescription)
        }
        // Checked here too, not only in the live transport, so any transport that follows redirects is held to it.
        if let final = response.url, !RedirectRule.allows(from: request.url, to: final) {
            throw LaunchGateError.redirectRefused(from: request.url, to: final)
        }
        return response
    }

    private func checked(_ response: TransportResponse) throws -> Data {
        guard (200..<300).contains(response.status) else { throw LaunchGateError.httpStatus(response.status) }
        guard Self.isAcceptable(contentType: response.header("Content-Type")) else {
            throw LaunchGateError.contentType(response.header("Content-Type") ?? "")
        }
        // A compressed answer's Content-Length counts the bytes on the wire, not the decoded body a
        // transport hands over (Darwin's URLSession decompresses gzip and keeps the wire length; a
        // legacy document of a few dozen bytes is longer gzipped than decoded), so it says nothing
        // about this body: only the decoded size is checked then.
        if !Self.isEncoded(response), let declared = response.header("Content-Length").flatMap(Int.init) {
            if declared > maximumSize { throw LaunchGateError.tooLarge(declared, limit: maximumSize) }
            if response.body.count < declared { throw LaunchGateError.truncated(received: response.body.count, expected: declared) }
        }
        guard response.body.count <= maximumSize else { throw LaunchGateError.tooLarge(response.body.count, limit: maximumSize) }
        return response.body
    }

    /// Static hosting has no headers to set, so the signature sits beside the document.
    /// A sidecar that can't be fetched means "not signed"; the deadline still bounds the wait.
    private func sidecarSignature() async -> PolicySignature? {
        let request = TransportRequest(url: PolicySignature.sidecarURL(for: source.url), timeout: timeout, maximumBodySize: 1024)
        guard let response = try? await send(request),
              (200..<300).contains(response.status), response.body.count <= 1024 else { return nil }
        return PolicySignature(String(decoding: response.body, as: UTF8.self))
    }
}
