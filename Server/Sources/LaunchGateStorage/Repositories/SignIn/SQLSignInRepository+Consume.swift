import Foundation
import SQLKit

extension SQLSignInRepository {
    public func completeSignIn(codeID: String, appID: String, email: String, network: String, newUserID: String, grant: SessionGrant,
                               at now: Date) async throws -> SignInCompletion? {
        do {
            guard case .postgres = database.location else {
                return try await database.transaction(.relaxed) { db in
                    try await Self.completeSignIn(codeID: codeID, appID: appID, email: email, network: network, newUserID: newUserID,
                                                  grant: grant, at: now, failures: nil, chained: false, stepByStepOn: db)
                }
            }
            // One statement: the code consumed first, so the row lock orders concurrent verifies
            // (the second finds it used and signs nobody in); the rest only when it was.
            let consumed: SQLQueryString = "EXISTS (SELECT 1 FROM consumed)"
            let statement: SQLQueryString = """
                WITH consumed AS (\(Self.consume(codeID: codeID, appID: appID, email: email, at: now))),
                signed AS (\(Self.signIn(appID: appID, email: email, newUserID: newUserID, at: now, if: consumed))),
                stored AS (\(Self.storeSession(grant, appID: appID, at: now, userID: "signed.id", from: " FROM signed"))),
                cleared AS (\(Self.clearFailures(appID: appID, email: email, network: network, if: consumed))),
                remembered AS (\(Self.rememberNetwork(appID: appID, email: email, network: network, at: now, if: consumed))),
                forgotten AS (\(Self.forgetOldestNetworks(appID: appID, email: email, keeping: network, if: consumed)))
                SELECT \(idents: Self.userColumns, joinedBy: ", ") FROM signed
                """
            guard let row = try await database.read({ try await $0.raw(statement).first() }) else { return nil }
            return Self.completion(user: try Self.user(row), newUserID: newUserID, grant: grant, at: now)
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    public func consumeCode(id: String, appID: String, email: String, network: String, at now: Date) async throws -> Bool {
        let chained = onPostgres
        return try await database.transaction { db in
            guard try await Self.consumeRemembering(codeID: id, appID: appID, email: email, network: network, at: now, chained: chained,
                                                    on: db) else { return false }
            try await db.raw(Self.clearFailures(appID: appID, email: email, network: network, if: Self.ungated)).run()
            return true
        }
    }

    /// Signs in with a claimed code, one statement at a time, in the caller's transaction.
    /// - Parameter failures: The network's failure count at the address when the caller read it in the same
    ///   transaction (0 skips clearing it); `nil` when unknown.
    /// - Parameter chained: Whether the engine runs data-modifying CTEs (PostgreSQL), which save a round trip.
    /// - Returns: `nil` when the code was used, replaced or expired meanwhile.
    static func completeSignIn(codeID: String, appID: String, email: String, network: String, newUserID: String, grant: SessionGrant,
                               at now: Date, failures: Int?, chained: Bool, stepByStepOn db: any SQLDatabase) async throws -> SignInCompletion? {
        guard try await consumeRemembering(codeID: codeID, appID: appID, email: email, network: network, at: now, chained: chained,
                                           on: db) else { return nil }
        guard let row = try await db.raw(signIn(appID: appID, email: email, newUserID: newUserID, at: now, if: ungated)).first() else {
            throw StorageError.corrupt("signing in stored no user row")
        }
        let user = try Self.user(row)
        try await db.raw(storeSession(grant, appID: appID, at: now, userID: "\(bind: user.id)")).run()
        if failures != 0 { try await db.raw(clearFailures(appID: appID, email: email, network: network, if: ungated)).run() }
        return completion(user: user, newUserID: newUserID, grant: grant, at: now)
    }

    /// What signing `user` in with `grant` made.
    private static func completion(user: UserRecord, newUserID: String, grant: SessionGrant, at now: Date) -> SignInCompletion {
        let session = SessionRecord(id: grant.id, appID: user.appID, userID: user.id, deviceID: grant.deviceID,
                                    tokenHash: grant.tokenHash, createdAt: now, expiresAt: grant.expiresAt)
        return SignInCompletion(user: user, isNewUser: user.id == newUserID, session: session)
    }
}
