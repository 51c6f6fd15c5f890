import Foundation

/// Where each app's App Store Connect API key is kept, one per app. Only admins write (CLI or
/// admin API), so the table holds at most one row per app.
public protocol AppStoreConnectKeyRepository: Sendable {
    /// Stores the app's key, replacing the one it had.
    func set(_ record: AppStoreConnectKeyRecord) async throws
    /// The app's key, if one is stored.
    func find(appID: String) async throws -> AppStoreConnectKeyRecord?
    /// Forgets the app's key.
    /// - Returns: `false` when it had none.
    func remove(appID: String) async throws -> Bool
}
