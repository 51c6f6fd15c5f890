import Foundation
import SQLKit

/// The networks each address signed in from (``KnownNetworks``): remembered with a right code,
/// read with a send's or a verify's codes (no statement of their own on the hot path).
extension SQLSignInRepository {
    public func isKnownNetwork(appID: String, email: String, network: String, at now: Date) async throws -> Bool {
        let known: SQLQueryString = "SELECT \(Self.isKnown(appID: appID, email: email, network: network, at: now)) AS known"
        return try await database.read { db in try await db.raw(known).first()?.decode(column: "known", as: Int.self) == 1 }
    }

    /// 1 when the address signed in from `network` within ``KnownNetworks/forgetAfter``, else 0: an
    /// expression, read as part of a larger statement.
    static func isKnown(appID: String, email: String, network: String, at now: Date) -> SQLQueryString {
        """
        CASE WHEN EXISTS (SELECT 1 FROM sign_in_known_networks WHERE app_id = \(bind: appID) AND email = \(bind: email)
                          AND network = \(bind: network) AND verified_at > \(bind: KnownNetworks.since(now).milliseconds)) THEN 1 ELSE 0 END
        """
    }

    /// Remembers that the address signed in from `network` now.
    static func rememberNetwork(appID: String, email: String, network: String, at now: Date, if gate: SQLQueryString) -> SQLQueryString {
        """
        INSERT INTO sign_in_known_networks (app_id, email, network, verified_at)
        SELECT \(bind: appID), \(bind: email), \(bind: network), \(bind: now.milliseconds) WHERE \(gate)
        ON CONFLICT (app_id, email, network) DO UPDATE SET verified_at = excluded.verified_at
        """
    }

    /// Forgets the networks past ``KnownNetworks/kept`` that signed the address in longest ago,
    /// `network` (the one just remembered) aside. It doesn't read `network`'s row, so it can run in
    /// the statement that writes it (a PostgreSQL CTE sees the table as it was before the statement).
    static func forgetOldestNetworks(appID: String, email: String, keeping network: String, if gate: SQLQueryString) -> SQLQueryString {
        """
        DELETE FROM sign_in_known_networks
        WHERE app_id = \(bind: appID) AND email = \(bind: email) AND network <> \(bind: network) AND \(gate)
          AND network NOT IN (SELECT network FROM sign_in_known_networks
                              WHERE app_id = \(bind: appID) AND email = \(bind: email) AND network <> \(bind: network)
                              ORDER BY verified_at DESC, network DESC LIMIT \(bind: KnownNetworks.kept - 1))
        """
    }

    /// Marks the code used (``consume(codeID:appID:email:at:)``) and, when it was, remembers the
    /// network that typed it: on PostgreSQL in one statement (data-modifying CTEs), elsewhere in
    /// three. - Returns: Whether the code was consumed.
    static func consumeRemembering(codeID: String, appID: String, email: String, network: String, at now: Date, chained: Bool,
                                   on db: any SQLDatabase) async throws -> Bool {
        guard chained else {
            guard try await db.raw(consume(codeID: codeID, appID: appID, email: email, at: now)).first() != nil else { return false }
            try await db.raw(rememberNetwork(appID: appID, email: email, network: network, at: now, if: ungated)).run()
            try await db.raw(forgetOldestNetworks(appID: appID, email: email, keeping: network, if: ungated)).run()
            return true
        }
        let consumed: SQLQueryString = "EXISTS (SELECT 1 FROM consumed)"
        return try await db.raw("""
            WITH consumed AS (\(consume(codeID: codeID, appID: appID, email: email, at: now))),
            remembered AS (\(rememberNetwork(appID: appID, email: email, network: network, at: now, if: consumed))),
            forgotten AS (\(forgetOldestNetworks(appID: appID, email: email, keeping: network, if: consumed)))
            SELECT id FROM consumed
            """).first() != nil
    }
}
