#if canImport(Security)
import Foundation
import Security

/// A ``SessionStore`` in the keychain: the live store on Apple platforms.
///
/// The session and the device ID are two generic-password items of one service, readable after
/// the first unlock (so a background refresh can use the session) and only on this device: they
/// are never restored to another device from a backup, where the session would not work anyway.
/// The keychain outlives the app, so a reinstall keeps the user signed in on the same device ID.
///
/// The service name is the app's bundle ID with `.launchgate.sign-in` after it, so apps that share
/// a keychain access group don't read each other's session; in an app extension it is the
/// containing app's bundle ID, so a widget that shares the app's access group reads the app's
/// session. Items an earlier release kept under the fixed name `launchgate.sign-in` are moved to
/// the new name the first time they are read. Until the device is first unlocked
/// after a restart the items can't be read (`errSecInteractionNotAllowed`): the read fails rather
/// than finding nothing, and ``LaunchFlow`` reads again when the app comes to the foreground
/// (``SignInFlow/retryRestoreAfterFailedRead()``), so the user isn't asked to sign in again.
///
/// ```swift
/// let flow = SignInFlow(client: client, sessions: KeychainSessionStore(), store: UserDefaultsStore(defaults: .standard))
/// ```
public struct KeychainSessionStore: SessionStore {
    /// The items' service name: by default the app's bundle ID (the containing app's, in an app
    /// extension) followed by `.launchgate.sign-in`.
    public let service: String
    /// The keychain access group to share the items with app extensions; `nil` is the app's own.
    public let accessGroup: String?

    private static let sessionAccount = "session"
    private static let deviceAccount = "device-id"

    /// Creates a store.
    /// - Parameters:
    ///   - service: The items' service name; `nil` is the app's bundle ID (in an app extension, the
    ///     containing app's) followed by `.launchgate.sign-in`. Items under the fixed name of earlier
    ///     releases, `launchgate.sign-in`, are moved to it when first read.
    ///   - accessGroup: A shared access group (the app's and its extensions'), or `nil` for the app's default.
    public init(service: String? = nil, accessGroup: String? = nil) {
        let app = KeychainService.appBundleIdentifier(bundleURL: Bundle.main.bundleURL,
                                                      bundleIdentifier: Bundle.main.bundleIdentifier) {
            Bundle(url: $0)?.bundleIdentifier
        }
        self.service = service ?? KeychainService.name(bundleIdentifier: app)
        self.accessGroup = accessGroup
    }

    /// The stored session.
    public func loadSession() throws -> SignInSession? {
        try read(Self.sessionAccount).flatMap(StoredSignIn.decode)?.session
    }

    /// Stores a session.
    public func saveSession(_ session: SignInSession) throws {
        try write(StoredSignIn.encode(StoredSignIn(session: session)), account: Self.sessionAccount)
    }

    /// Removes the session; the device ID stays. A session still under the old name goes too, so
    /// it can't come back at the next read.
    public func removeSession() throws {
        try delete(Self.sessionAccount)
        if service != KeychainService.legacy { try? delete(Self.sessionAccount, service: KeychainService.legacy) }
    }

    /// The stored device ID.
    public func loadDeviceID() throws -> DeviceID? {
        try read(Self.deviceAccount).flatMap(StoredSignIn.decode)?.deviceID
    }

    /// Stores the device ID.
    public func saveDeviceID(_ deviceID: DeviceID) throws {
        try write(StoredSignIn.encode(StoredSignIn(deviceID: deviceID)), account: Self.deviceAccount)
    }

    // MARK: Keychain

    private func query(_ account: String, service: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    /// Reads an item, moving it from the old fixed name when only that has it.
    private func read(_ account: String) throws -> Data? {
        try KeychainService.read(account, service: service,
                                 read: { service, account in try read(account, service: service) },
                                 write: { data, service, account in try write(data, service: service, account: account) },
                                 delete: { service, account in try delete(account, service: service) })
    }

    private func read(_ account: String, service: String) throws -> Data? {
        var query = query(account, service: service)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess else { throw Self.failure("read", status) }
        return result as? Data
    }

    private func write(_ data: Data, account: String) throws {
        try write(data, service: service, account: account)
    }

    private func write(_ data: Data, service: String, account: String) throws {
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        let status = SecItemUpdate(query(account, service: service) as CFDictionary, attributes as CFDictionary)
        if status == errSecSuccess { return }
        guard status == errSecItemNotFound else { throw Self.failure("update", status) }
        let added = SecItemAdd(query(account, service: service).merging(attributes) { $1 } as CFDictionary, nil)
        guard added == errSecSuccess else { throw Self.failure("add", added) }
    }

    private func delete(_ account: String) throws {
        try delete(account, service: service)
    }

    private func delete(_ account: String, service: String) throws {
        let status = SecItemDelete(query(account, service: service) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw Self.failure("delete", status) }
    }

    private static func failure(_ action: String, _ status: OSStatus) -> SignInError {
        if status == errSecInteractionNotAllowed {
            return SignInError.storageFailed("the keychain is locked until the device is first unlocked after a restart; "
                                             + "the session is read again when the app comes to the foreground")
        }
        let reason = SecCopyErrorMessageString(status, nil).map { $0 as String } ?? "OSStatus \(status)"
        return SignInError.storageFailed("the keychain could not \(action) the item: \(reason)")
    }
}
#endif
