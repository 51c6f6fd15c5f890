import Foundation
import SQLKit

extension SQLSignInRepository {
    /// Reads ``AddressCodes``: every code of the address, or only unused, unexpired ones when
    /// `unusedAt` is given, in network order, joined to one row of what holds for the address (so
    /// an address without codes still answers one row, with NULL codes).
    ///
    /// With `lockingOwn` (a send on PostgreSQL) the same statement locks `network`'s code row until
    /// the transaction ends, before the send charges the room: a verify from that network claims
    /// the row before it charges the room, so the two take their locks in one order and can't
    /// deadlock (review s9b, K5).
    static func addressCodes(appID: String, email: String, network: String, unusedAt: Date?, at now: Date, lockingOwn: Bool = false,
                             on db: any SQLDatabase) async throws -> AddressCodes {
        let since = KnownNetworks.since(now).milliseconds
        let unused: SQLQueryString = unusedAt.map { " AND c.consumed_at IS NULL AND c.expires_at > \(bind: $0.milliseconds)" } ?? ""
        let columns = SQLList(codeColumns.map { SQLColumn($0, table: "c") })
        let own: SQLQueryString = lockingOwn ? """
            (SELECT 1 FROM sign_in_codes WHERE app_id = \(bind: appID) AND email = \(bind: email) AND network = \(bind: network) FOR UPDATE) AS own_locked,
            """ : ""
        let rows = try await db.raw("""
            SELECT \(own) a.requester_known, \(columns),
                   CASE WHEN EXISTS (SELECT 1 FROM sign_in_known_networks AS k WHERE k.app_id = c.app_id AND k.email = c.email
                                     AND k.network = c.network AND k.verified_at > \(bind: since)) THEN 1 ELSE 0 END AS code_known
            FROM (SELECT \(isKnown(appID: appID, email: email, network: network, at: now)) AS requester_known) AS a
            LEFT JOIN sign_in_codes AS c ON c.app_id = \(bind: appID) AND c.email = \(bind: email)\(unused)
            ORDER BY c.network
            """).all()
        guard let first = rows.first else { throw StorageError.corrupt("reading an address's codes returned no row") }
        var result = AddressCodes(codes: [], knownNetworks: [], requesterKnown: try first.decode(column: "requester_known", as: Int.self) == 1)
        for row in rows where try row.decode(column: "id", as: String?.self) != nil {
            let code = try Self.code(row)
            result.codes.append(code)
            if try row.decode(column: "code_known", as: Int.self) == 1 { result.knownNetworks.insert(code.network) }
        }
        return result
    }
}
