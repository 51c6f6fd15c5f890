import Foundation
import SQLKit

extension SQLSignInRepository {
    /// Records one event under the charge's key if every rule allows one more, in one statement
    /// that is atomic on both engines without a lock taken first: the key's row holds its recent
    /// times (``RateLimitTimes``), and the upsert's condition reads that row, which PostgreSQL
    /// evaluates on the row as the last committed charge left it (SQLite has one writer at a time).
    ///
    /// A rule of `limit` events in `window` refuses when the `limit`-th newest time stored is
    /// within the window. Times are stored in the order charges commit, which can differ from the
    /// order of their clocks by the few milliseconds between reading the clock and committing; a
    /// refusal's wait (``wait(for:at:on:)``) sorts them. The newest times up to the largest limit
    /// are kept, so a key's row never grows past that, whatever is sent.
    /// - Returns: The statement; it returns the key (a row) when the event was recorded, and no row
    ///   when a rule refused it (or `gate` was closed), recording nothing.
    package static func charge(_ charge: RateLimitCharge, at now: Date, if gate: SQLQueryString = ungated) -> SQLQueryString {
        // A rule that allows nothing refuses without a look: its "limit-th newest" doesn't exist.
        // So does a charge of more events than it keeps.
        let width = RateLimitTimes.width
        let kept = (charge.rules.map(\.limit).max() ?? 1) * width
        let added = max(1, charge.count) * width
        guard charge.rules.allSatisfy({ $0.limit > 0 }), added <= kept else { return #"SELECT "key" FROM rate_limit_keys WHERE 1 = 0"# }
        let allowed = charge.rules.map { rule -> SQLQueryString in
            let span = rule.limit * width
            let horizon = now.addingTimeInterval(-rule.window).milliseconds
            return """
                (length(rate_limit_keys.times) < \(literal: span)
                 OR CAST(substr(rate_limit_keys.times, length(rate_limit_keys.times) - \(literal: span - 1), \(literal: width)) AS BIGINT) <= \(bind: horizon))
                """
        }
        return """
            INSERT INTO rate_limit_keys ("key", touched_at, times)
            SELECT \(bind: charge.key), \(bind: now.milliseconds), \(bind: String(repeating: RateLimitTimes.stamp(now), count: max(1, charge.count)))
            WHERE \(gate)
            ON CONFLICT ("key") DO UPDATE SET touched_at = excluded.touched_at,
              times = substr(rate_limit_keys.times || excluded.times,
                             CASE WHEN length(rate_limit_keys.times) + \(literal: added) > \(literal: kept)
                                  THEN length(rate_limit_keys.times) + \(literal: added + 1 - kept) ELSE 1 END)
            WHERE \(allowed.isEmpty ? ungated : allowed.joined(separator: " AND "))
            RETURNING "key"
            """
    }

    /// How long until every rule of a refused charge allows one more event, from the times stored now.
    package static func wait(for charge: RateLimitCharge, at now: Date, on db: any SQLDatabase) async throws -> TimeInterval {
        let stored = try await db.raw(#"SELECT times FROM rate_limit_keys WHERE "key" = \#(bind: charge.key)"#).first()
        let times = RateLimitTimes.dates(try stored?.decode(column: "times", as: String.self) ?? "")
        // Refused a moment ago: at least the millisecond that refusal's times round to.
        return charge.rules.compactMap { $0.wait(after: times, at: now) }.max() ?? 0.001
    }

    /// Charges `charges` in order, stopping at the first that refuses, then `paid` (a room's
    /// comparisons, ``ShortCodeRoom``) if they all passed. On PostgreSQL (`chained`) the last
    /// charge and `paid` are one statement, a data-modifying CTE gated on the charge's row, so the
    /// room costs no round trip; SQLite, in process, runs them one by one.
    /// - Returns: The charge that refused (`nil` when none did), and whether `paid` was recorded.
    static func charge(_ charges: [RateLimitCharge], then paid: RateLimitCharge?, at now: Date, chained: Bool,
                       on db: any SQLDatabase) async throws -> (refused: RateLimitCharge?, paid: Bool) {
        for (index, charge) in charges.enumerated() {
            guard chained, let paid, index == charges.count - 1 else {
                if try await db.raw(Self.charge(charge, at: now)).first() == nil { return (charge, false) }
                continue
            }
            let row = try await db.raw("""
                WITH c AS (\(Self.charge(charge, at: now))), p AS (\(Self.charge(paid, at: now, if: "EXISTS (SELECT 1 FROM c)")))
                SELECT (SELECT COUNT(*) FROM c) AS charged, (SELECT COUNT(*) FROM p) AS paid
                """).first()
            guard let row, try row.decode(column: "charged", as: Int.self) > 0 else { return (charge, false) }
            return (nil, try row.decode(column: "paid", as: Int.self) > 0)
        }
        guard let paid else { return (nil, false) }
        return (nil, try await db.raw(Self.charge(paid, at: now)).first() != nil)
    }
}
