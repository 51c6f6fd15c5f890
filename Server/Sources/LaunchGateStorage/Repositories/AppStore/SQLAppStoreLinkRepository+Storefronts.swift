import Foundation
import LaunchGate
import SQLKit

/// The `appstore_storefront_status` rows of a link: read with it, rewritten with each save and record.
extension SQLAppStoreLinkRepository {
    /// `links` with each one's storefront rows.
    static func withStorefronts(_ links: [AppStoreLink], _ db: any SQLDatabase) async throws -> [AppStoreLink] {
        var read: [AppStoreLink] = []
        for var link in links {
            let rows = try await db.select().columns("storefront", "last_poll_at", "last_answer_at", "last_answer", "last_error",
                                                     "missing_since", "missing_polls", "withdrawn_at")
                .from("appstore_storefront_status").where("app_id", .equal, link.app).where("platform", .equal, link.platform.rawValue).all()
            for row in rows {
                func date(_ column: String) throws -> Date? { try row.decode(column: column, as: Int64?.self).map(Date.init(milliseconds:)) }
                link.status.storefronts[try row.decode(column: "storefront", as: String.self)] = AppStoreStorefrontStatus(
                    lastPollAt: try date("last_poll_at"), lastAnswerAt: try date("last_answer_at"),
                    lastAnswer: try row.decode(column: "last_answer", as: String?.self), lastError: try row.decode(column: "last_error", as: String?.self),
                    missingSince: try date("missing_since"), missingPolls: Int(try row.decode(column: "missing_polls", as: Int64.self)),
                    withdrawnAt: try date("withdrawn_at"))
            }
            read.append(link)
        }
        return read
    }

    /// Replaces the link's storefront rows with `statuses`, only for the storefronts it names, so
    /// the table holds at most ``AppStoreLink/maximumStorefronts`` rows a link.
    static func writeStorefronts(_ statuses: [String: AppStoreStorefrontStatus], of link: AppStoreLink, _ db: any SQLDatabase) async throws {
        try await db.delete(from: "appstore_storefront_status").where("app_id", .equal, link.app).where("platform", .equal, link.platform.rawValue).run()
        let kept = statuses.filter { link.storefronts.contains($0.key) }.sorted { $0.key < $1.key }
        guard !kept.isEmpty else { return }
        var insert = db.insert(into: "appstore_storefront_status")
            .columns("app_id", "platform", "storefront", "last_poll_at", "last_answer_at", "last_answer", "last_error", "missing_since",
                     "missing_polls", "withdrawn_at")
        for (storefront, status) in kept {
            insert = insert.values(SQLBind(link.app), SQLBind(link.platform.rawValue), SQLBind(storefront), SQLBind(status.lastPollAt?.milliseconds),
                                   SQLBind(status.lastAnswerAt?.milliseconds), SQLBind(status.lastAnswer), SQLBind(status.lastError),
                                   SQLBind(status.missingSince?.milliseconds), SQLBind(Int64(status.missingPolls)),
                                   SQLBind(status.withdrawnAt?.milliseconds))
        }
        try await insert.run()
    }
}
