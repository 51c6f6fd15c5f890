import Foundation

extension AuthClient {
    /// The body of a successful answer (2xx and `"status": "success"`), or the error the answer stands for.
    static func successBody(of response: TransportResponse, to request: TransportRequest, limit: Int) throws(SignInError) -> Data {
        // Checked here too, not only in the live transport, so any transport that follows redirects is held to it.
        if let final = response.url, !RedirectRule.allows(from: request.url, to: final) {
            throw SignInError.redirectRefused(to: final)
        }
        guard response.body.count <= limit else { throw SignInError.tooLarge(limit: limit) }
        let envelope = try? JSONDecoder().decode(AuthWire.Envelope.self, from: response.body)
        if (200..<300).contains(response.status), envelope?.status == "success" { return response.body }
        throw failure(of: response, envelope: envelope)
    }

    /// The error an unsuccessful answer stands for: the server's code when it sent one; otherwise
    /// what its status means, since a proxy's 502 or a seed server's bare `"status": "error"` has no code.
    static func failure(of response: TransportResponse, envelope: AuthWire.Envelope?) -> SignInError {
        let retryAfter = response.header("Retry-After").flatMap(retrySeconds)
        let message = envelope?.message.flatMap(userMessage)
        if let code = envelope?.error, !code.isEmpty {
            return SignInError.server(code: code).with(message: message, retryAfter: retryAfter)
        }
        let byStatus: SignInError? = switch response.status {
        case 401: .unauthorized
        case 404: .notFound
        case 429: .rateLimited
        case 500..<600: .unavailable
        default: envelope?.status == "error" ? .rejected : nil
        }
        guard let byStatus else {
            return SignInError.invalidResponse("HTTP \(response.status) without the documented JSON")
        }
        return byStatus.with(message: message, retryAfter: retryAfter)
    }

    /// `Retry-After` as whole seconds, the only form the server sends, at most a day: a larger
    /// value is a server's mistake, and must not overflow the arithmetic that shows it.
    static func retrySeconds(_ value: String) -> Int? {
        Int(value.trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? min($0, longestRetry) : nil }
    }

    /// The longest `Retry-After` taken as it is.
    static let longestRetry = 86_400

    /// A server message fit to show: trimmed, not empty, and short enough for a screen.
    private static func userMessage(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > 500 ? String(trimmed.prefix(500)) + "…" : trimmed
    }

    /// A transport's failure in sign-in's words.
    static func signInError(for error: LaunchGateError, request: TransportRequest, limit: Int) -> SignInError {
        switch error {
        case .timeout: .timeout
        case .tooLarge(0, limit: 0): .tooLarge(limit: limit)
        case .redirectRefused(from: request.url, to: request.url): .redirectRefused(to: nil)
        // The transport's message starts with the policy wording; the detail after it is what matters here.
        case .transport(""): .offline(error.message.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? error.message)
        default: .offline(error.message)
        }
    }
}
