/// Where the signed-in session and the device ID live between launches.
///
/// Both are kept together because the session works only from its device: they should survive,
/// or vanish, together. `KeychainSessionStore` is the live store on Apple platforms,
/// ``FileSessionStore`` (a 0600 file) on Linux, and `InMemorySessionStore` in `LaunchGateTesting`
/// is for tests. Synchronous, like ``KeyValueStore``, so a stored session is known at launch
/// without a suspension point.
public protocol SessionStore: Sendable {
    /// The stored session.
    /// - Returns: The session, or `nil` when none is stored (or what is stored can't be read).
    /// - Throws: When the store can't be read at all (a locked keychain, a permission error).
    func loadSession() throws -> SignInSession?

    /// Stores a session in place of any other.
    /// - Parameter session: The session.
    /// - Throws: When it could not be written; what was stored before is kept.
    func saveSession(_ session: SignInSession) throws

    /// Removes the stored session, keeping the device ID.
    /// - Throws: When it could not be removed.
    func removeSession() throws

    /// The device ID made on first sign-in.
    /// - Returns: The ID, or `nil` when none has been made yet.
    /// - Throws: When the store can't be read at all.
    func loadDeviceID() throws -> DeviceID?

    /// Stores the device ID.
    /// - Parameter deviceID: The ID.
    /// - Throws: When it could not be written.
    func saveDeviceID(_ deviceID: DeviceID) throws
}
