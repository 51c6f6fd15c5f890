import Foundation

/// Someone an admin allowed into the console by email (`launchgate operators add`), with the
/// scope the admin API would give a token: read, publish or admin.
public struct OperatorRecord: Sendable, Hashable, Codable {
    /// `op_` and 16 hex digits, new each time the address is added, so a console session of an
    /// operator who was removed never comes back when the address is added again.
    public var id: String
    /// The address, normalised as sign-in normalises it (trimmed, lowercased, NFC); unique.
    public var email: String
    /// What the operator may do, exactly as a token's scope.
    public var scope: TokenScope
    /// When the address was (last) added.
    public var createdAt: Date
    /// When it was removed; `nil` while the operator may sign in.
    public var removedAt: Date?

    /// Creates a record.
    public init(id: String, email: String, scope: TokenScope, createdAt: Date, removedAt: Date? = nil) {
        self.id = id
        self.email = email
        self.scope = scope
        self.createdAt = createdAt
        self.removedAt = removedAt
    }

    /// Whether the operator may sign in and act.
    public var isActive: Bool { removedAt == nil }

    /// What a console session of this operator acts as: a token-shaped principal named by the
    /// address, so scope checks and history's "who published" work as for an admin token.
    package var principal: TokenRecord {
        TokenRecord(id: id, name: email, scope: scope, secretHash: "", createdAt: createdAt, revokedAt: removedAt)
    }
}
