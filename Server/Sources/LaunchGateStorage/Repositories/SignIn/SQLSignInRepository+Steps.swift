import Foundation
import SQLKit

/// The statements of sign-in's steps, the same SQL on both engines, each taking a condition
/// (`gate`) on the steps before it.
///
/// A send or a verify runs them one by one in a transaction, where the gates are `TRUE` because the
/// Swift code between them decides; a sign-in on PostgreSQL chains some as data-modifying CTEs
/// whose gates name the CTEs before (``SQLSignInRepository/completeSignIn(codeID:appID:email:network:newUserID:grant:at:)``).
/// They are SQL text with binds rather than SQLKit's builders: they run on every send and verify,
/// and serialising a builder (quoting each identifier) took a fifth of SQLite's time on them.
/// "key" and "at" are quoted as keywords. A value that may be NULL is cast: in `INSERT … SELECT`
/// PostgreSQL would otherwise read an untyped NULL as text.
extension SQLSignInRepository {
    /// The gate of a step that runs whatever came before (on SQLite, where Swift decides).
    static let ungated: SQLQueryString = "TRUE"

    /// A network's failure count and lock at the address. - Returns: `failures` and `locked_until`, or no row.
    package static func addressState(appID: String, email: String, network: String) -> SQLQueryString {
        """
        SELECT failures, locked_until FROM sign_in_addresses
        WHERE app_id = \(bind: appID) AND email = \(bind: email) AND network = \(bind: network)
        """
    }

    /// Marks the address's unreported permanent delivery failures reported. - Returns: Their `id`,
    /// `last_error` and `finished_at` (``newestFailure(_:)`` picks the one to tell).
    static func reportFailures(appID: String, email: String, if gate: SQLQueryString) -> SQLQueryString {
        """
        UPDATE mail_outbox SET failure_reported = 1
        WHERE app_id = \(bind: appID) AND email = \(bind: email) AND state = \(bind: OutboxMessage.State.failed.rawValue)
          AND failure_reported = 0 AND \(gate)
        RETURNING id, last_error, finished_at
        """
    }

    /// The error of the newest failure ``reportFailures(appID:email:if:)`` returned (by
    /// `finished_at`, then `id`), or `nil` when it returned none.
    static func newestFailure(_ rows: [any SQLRow]) throws -> String? {
        let failures = try rows.map { row in
            (try row.decode(column: "finished_at", as: Int64?.self) ?? 0, try row.decode(column: "id", as: String.self),
             try row.decode(column: "last_error", as: String?.self))
        }
        guard let newest = failures.max(by: { ($0.0, $0.1) < ($1.0, $1.1) }) else { return nil }
        return newest.2 ?? OutboxMessage.unknownFailure
    }

    /// Stores the code of its address and network, replacing that network's one before with its
    /// attempts. - Returns: Its `id`.
    static func storeCode(_ code: SignInCodeRecord, if gate: SQLQueryString) -> SQLQueryString {
        """
        INSERT INTO sign_in_codes (\(idents: codeColumns, joinedBy: ", "))
        SELECT \(bind: code.id), \(bind: code.appID), \(bind: code.email), \(bind: code.network), \(bind: code.codeHash), \(bind: code.attempts),
               \(bind: code.createdAt.milliseconds), \(bind: code.expiresAt.milliseconds),
               CAST(\(bind: code.consumedAt?.milliseconds) AS BIGINT), \(literal: code.isLong ? 1 : 0)
        WHERE \(gate)
        ON CONFLICT (app_id, email, network) DO UPDATE SET id = excluded.id, code_hash = excluded.code_hash, attempts = excluded.attempts,
          created_at = excluded.created_at, expires_at = excluded.expires_at, consumed_at = excluded.consumed_at, long_code = excluded.long_code
        RETURNING id
        """
    }

    /// Ends the mail still waiting with a network's code at the address, its code erased, when
    /// that code is replaced: it would only deliver a dead code, perhaps after the new one (a
    /// retried message is due later).
    static func expireQueued(appID: String, email: String, network: String, at now: Date) -> SQLQueryString {
        """
        UPDATE mail_outbox SET state = \(bind: OutboxMessage.State.expired.rawValue), sealed_code = NULL, finished_at = \(bind: now.milliseconds)
        WHERE app_id = \(bind: appID) AND email = \(bind: email) AND network = \(bind: network)
          AND state = \(bind: OutboxMessage.State.pending.rawValue)
        """
    }

    /// Ends a network's code at the address to make room for another network's: it expires as of
    /// its own making, so it takes no place and matches no guess, not even one dated before this
    /// send (a verify already under way, an instance whose clock is behind; review s11, V3), but its
    /// row stays until the sweep, dating the network's last send for
    /// ``CodeRoom/isFirstSend(from:among:at:)`` (review s10, R5).
    static func endCode(appID: String, email: String, network: String, at now: Date) -> SQLQueryString {
        """
        UPDATE sign_in_codes SET expires_at = created_at
        WHERE app_id = \(bind: appID) AND email = \(bind: email) AND network = \(bind: network) AND expires_at > \(bind: now.milliseconds)
        """
    }

    /// Queues a message.
    static func queue(_ mail: OutboxMessage, if gate: SQLQueryString) -> SQLQueryString {
        """
        INSERT INTO mail_outbox (\(idents: outboxColumns, joinedBy: ", "))
        SELECT \(bind: mail.id), \(bind: mail.appID), \(bind: mail.email), \(bind: mail.network), CAST(\(bind: mail.sealedCode) AS TEXT),
               \(bind: mail.codeExpiresAt.milliseconds), \(bind: mail.state.rawValue), \(bind: mail.attempts), \(bind: mail.nextAttemptAt.milliseconds),
               CAST(\(bind: mail.lastError) AS TEXT), \(bind: mail.createdAt.milliseconds), CAST(\(bind: mail.finishedAt?.milliseconds) AS BIGINT),
               \(bind: mail.failureReported ? 1 : 0)
        WHERE \(gate)
        """
    }

    /// The address's unused, unexpired codes, every network's (tried out or not), in network order,
    /// or only those with fewer than `maxAttempts` tries when it is given (the live ones).
    package static func unusedCodes(appID: String, email: String, maxAttempts: Int? = nil, at now: Date) -> SQLQueryString {
        let tries: SQLQueryString = maxAttempts.map { "AND attempts < \(bind: $0)" } ?? ""
        return """
            SELECT \(idents: codeColumns, joinedBy: ", ") FROM sign_in_codes
            WHERE app_id = \(bind: appID) AND email = \(bind: email) AND consumed_at IS NULL AND expires_at > \(bind: now.milliseconds)
              \(tries)
            ORDER BY network
            """
    }

    /// Takes one try of a network's code at the address, if it is unused, unexpired and has tries
    /// left: one conditional UPDATE, which PostgreSQL re-checks on the row as a concurrent claim
    /// left it. - Returns: The code after the claim, or no row.
    package static func claimAttempt(appID: String, email: String, network: String, maxAttempts: Int, at now: Date) -> SQLQueryString {
        """
        UPDATE sign_in_codes SET attempts = attempts + 1
        WHERE app_id = \(bind: appID) AND email = \(bind: email) AND network = \(bind: network) AND consumed_at IS NULL
          AND expires_at > \(bind: now.milliseconds) AND attempts < \(bind: maxAttempts)
        RETURNING \(idents: codeColumns, joinedBy: ", ")
        """
    }

    /// Marks the code `codeID` used if it still is an unused, unexpired code of the address
    /// (whichever network's): of two verifies of one code, the row lock lets one through. - Returns: Its `id`, or no row.
    package static func consume(codeID: String, appID: String, email: String, at now: Date) -> SQLQueryString {
        """
        UPDATE sign_in_codes SET consumed_at = \(bind: now.milliseconds)
        WHERE app_id = \(bind: appID) AND email = \(bind: email) AND id = \(bind: codeID) AND consumed_at IS NULL
          AND expires_at > \(bind: now.milliseconds)
        RETURNING id
        """
    }

    /// Creates the address's user with `newUserID`, or updates its last sign-in. - Returns: The user.
    package static func signIn(appID: String, email: String, newUserID: String, at now: Date, if gate: SQLQueryString) -> SQLQueryString {
        """
        INSERT INTO sign_in_users (\(idents: userColumns, joinedBy: ", "))
        SELECT \(bind: newUserID), \(bind: appID), \(bind: email), \(bind: now.milliseconds), \(bind: now.milliseconds)
        WHERE \(gate)
        ON CONFLICT (app_id, email) DO UPDATE SET last_sign_in_at = excluded.last_sign_in_at
        RETURNING \(idents: userColumns, joinedBy: ", ")
        """
    }

    /// Stores the session `grant` describes for the user `userID` names: a bind, or a column of
    /// the rows `source` (a `FROM` clause) gives.
    static func storeSession(_ grant: SessionGrant, appID: String, at now: Date, userID: SQLQueryString,
                             from source: SQLQueryString = "") -> SQLQueryString {
        """
        INSERT INTO sign_in_sessions (\(idents: sessionColumns, joinedBy: ", "))
        SELECT \(bind: grant.id), \(bind: appID), \(userID), \(bind: grant.deviceID), \(bind: grant.tokenHash),
               \(bind: now.milliseconds), \(bind: grant.expiresAt.milliseconds), CAST(NULL AS BIGINT)\(source)
        """
    }

    /// Clears a network's failure count at the address (a statement that changes nothing when it is 0).
    static func clearFailures(appID: String, email: String, network: String, if gate: SQLQueryString) -> SQLQueryString {
        """
        UPDATE sign_in_addresses SET failures = 0
        WHERE app_id = \(bind: appID) AND email = \(bind: email) AND network = \(bind: network) AND failures <> 0 AND \(gate)
        """
    }

    /// Counts a network's failed verify in one statement: at `threshold` failures in a row the
    /// address locks for that network until `now + lockout` and the count starts again.
    /// - Returns: `failures` and `locked_until`.
    static func countFailure(appID: String, email: String, network: String, threshold: Int, lockout: TimeInterval, at now: Date) -> SQLQueryString {
        let until = now.addingTimeInterval(lockout).milliseconds
        // An address's first failure locks it at once when the threshold is 1.
        let first: (failures: Int, lockedUntil: Int64?) = threshold <= 1 ? (0, until) : (1, nil)
        return """
            INSERT INTO sign_in_addresses (app_id, email, network, failures, locked_until, last_failure_at)
            VALUES (\(bind: appID), \(bind: email), \(bind: network), \(bind: first.failures), \(bind: first.lockedUntil), \(bind: now.milliseconds))
            ON CONFLICT (app_id, email, network) DO UPDATE SET
              failures = CASE WHEN sign_in_addresses.failures + 1 >= \(bind: threshold) THEN 0 ELSE sign_in_addresses.failures + 1 END,
              locked_until = CASE WHEN sign_in_addresses.failures + 1 >= \(bind: threshold) THEN \(bind: until)
                             ELSE sign_in_addresses.locked_until END,
              last_failure_at = excluded.last_failure_at
            RETURNING failures, locked_until
            """
    }
}
