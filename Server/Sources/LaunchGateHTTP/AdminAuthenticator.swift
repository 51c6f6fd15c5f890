import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateSignIn
import LaunchGateStorage

/// Checks the admin API's bearer tokens, and limits failed attempts per client.
///
/// Only failures are counted, so anonymous or mistaken requests can't lock out a caller that
/// holds a valid token from another address. Each attempt reserves one unit of the client's
/// failure budget before its token is looked up, atomically, and a valid token gives it back:
/// parallel guesses can't all pass a check made before any of them has failed, so a client tries
/// at most the budget's worth of wrong tokens, and a client out of budget costs the database
/// nothing. (A valid token sent in more parallel requests than the budget holds, from a client
/// with recent failures, can see a 429 while the others' reservations are out.) The client is the
/// socket peer, or the forwarded address when the peer is a trusted proxy
/// (``ClientAddressResolver``), so everyone behind a load balancer doesn't share one budget.
package struct AdminAuthenticator: Sendable {
    package let tokens: AdminTokens
    package let failures: RateLimiter
    package let clients: ClientAddressResolver

    /// Creates the value from its properties.
    package init(tokens: AdminTokens, failures: RateLimiter, clients: ClientAddressResolver) {
        self.tokens = tokens
        self.failures = failures
        self.clients = clients
    }

    /// The token a request carries, if it is valid and has the scope.
    /// - Throws: ``AuthError`` `unauthenticated`, `forbidden` or `tooManyFailures`.
    package func authorize(_ request: Request, peer: String?, scope: TokenScope) async throws -> TokenRecord {
        try await authorize(token: Self.bearer(request.headers[.authorization]), peer: peer,
                            forwardedFor: request.headers[values: .xForwardedFor], scope: scope)
    }

    /// A token given another way (the console's sign-in form), checked and limited as a bearer is.
    /// - Throws: ``AuthError`` `unauthenticated`, `forbidden` or `tooManyFailures`.
    package func authorize(token bearer: String?, peer: String?, forwardedFor: [String], scope: TokenScope) async throws -> TokenRecord {
        let client = clients.limitKey(peer: peer, forwardedFor: forwardedFor)
        if let retryAfter = failures.take(for: client) { throw AuthError.tooManyFailures(retryAfter: retryAfter) }
        var verified: TokenRecord?
        if let bearer {
            do { verified = try await tokens.verify(bearer) } catch {
                // Storage failed, not the caller: the reservation goes back.
                failures.refund(for: client)
                throw error
            }
        }
        guard let token = verified else { throw AuthError.unauthenticated }
        failures.refund(for: client)
        guard token.scope >= scope else { throw AuthError.forbidden(needs: scope) }
        return token
    }

    /// The credentials of `Authorization: Bearer …`; the scheme is case-insensitive (RFC 9110 §11.1).
    package static func bearer(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let credentials = parts[1].trimmingCharacters(in: .whitespaces)
        return credentials.isEmpty ? nil : credentials
    }
}

extension HTTPField.Name {
    /// `X-Forwarded-For`, believed only from trusted proxies.
    package static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
