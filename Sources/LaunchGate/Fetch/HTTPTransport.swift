/// Sends requests. ``URLSessionTransport`` is the live one; `ScriptedTransport` in
/// `LaunchGateTesting` answers from a script.
public protocol HTTPTransport: Sendable {
    /// Sends a request and returns the response.
    /// - Parameter request: The request.
    /// - Returns: The response, whatever its status.
    /// - Throws: When no response arrived (offline, DNS, TLS, cancelled).
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
