import Foundation

/// App Store Connect keys in memory, for tests and `--memory` servers.
public actor MemoryAppStoreConnectKeyRepository: AppStoreConnectKeyRepository {
    private var byApp: [String: AppStoreConnectKeyRecord] = [:]

    /// Creates an empty repository.
    public init() {}

    public func set(_ record: AppStoreConnectKeyRecord) { byApp[record.appID] = record }

    public func find(appID: String) -> AppStoreConnectKeyRecord? { byApp[appID] }

    public func remove(appID: String) -> Bool { byApp.removeValue(forKey: appID) != nil }
}
