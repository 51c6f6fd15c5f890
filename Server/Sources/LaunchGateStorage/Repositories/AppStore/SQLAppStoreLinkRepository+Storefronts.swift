import Foundation
import LaunchGate
import SQLKit

/// The `appstore_storefront_status` rows of a link: read with it; a save writes those it keeps, a record those its poll asked.
extension SQLAppStoreLinkRepository {
    /// `links` with each one's storefront rows, read in one query for them all (review s15, M13).
    static func withStorefronts(_ links: [AppStoreLink], _ db: any SQLDatabase) async throws -> [AppStoreLink] {
        guard !links.isEmpty else { return [] }
        let rows = try await db.select().columns("app_id", "platform", "storefront", "last_poll_at", "last_answer_at", "last_answer", "last_error",
                                                 "missing_since", "missing_polls", "withdrawn_at")
            .from("appstore_storefront_status").where("app_id", .in, Set(links.map(\.app)).sorted()).all()
        // By app, then platform: another platform of a listed app may have rows the links don't want.
        var statuses: [String: [String: [String: AppStoreStorefrontStatus]]] = [:]
        for row in rows {
            func date(_ column: String) throws -> Date? { try row.decode(column: column, as: Int64?.self).map(Date.init(milliseconds:)) }
            statuses[try row.decode(column: "app_id", as: String.self), default: [:]][try row.decode(column: "platform", as: String.self), default: [:]][
                try row.decode(column: "storefront", as: String.self)] = AppStoreStorefrontStatus(
                lastPollAt: try date("last_poll_at"), lastAnswerAt: try date("last_answer_at"),
                lastAnswer: try row.decode(column: "last_answer", as: String?.self), lastError: try row.decode(column: "last_error", as: String?.self),
                missingSince: try date("missing_since"), missingPolls: Int(try row.decode(column: "missing_polls", as: Int64.self)),
                withdrawnAt: try date("withdrawn_at"))
        }
        return links.map { link in
            var link = link
            link.status.storefronts = statuses[link.app]?[link.platform.rawValue] ?? [:]
            return link
        }
    }

    /// Writes `statuses` as the link's rows for those storefronts, only for the storefronts it names,
    /// so the table holds at most ``AppStoreLink/maximumStorefronts`` rows a link; the others' rows stay.
    static func writeStorefronts(_ statuses: [String: AppStoreStorefrontStatus], of link: AppStoreLink, _ db: any SQLDatabase) async throws {
        let kept = statuses.filter { link.storefronts.contains($0.key) }.sorted { $0.key < $1.key }
        guard !kept.isEmpty else { return }
        try await db.delete(from: "appstore_storefront_status").where("app_id", .equal, link.app).where("platform", .equal, link.platform.rawValue)
            .where("storefront", .in, kept.map(\.key)).run()
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
