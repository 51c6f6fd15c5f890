import Foundation

/// Account deletion (App Store Review Guideline 5.1.1(v)): the server erases the account, then the
/// device forgets everything it kept about it.
extension SignInFlow {
    /// How an account deletion ended.
    public enum DeletionResult: Sendable, Hashable {
        /// The server deleted the account; the device is signed out and keeps nothing of it.
        case deleted
        /// The server no longer took the session (401): ended, revoked, or its account deleted
        /// already (by an answer that never arrived, say). The device signs out, as a session check
        /// does, and the user signs in again to delete an account that is still there.
        case signedOut
        /// Nothing changed: the server couldn't be reached or refused (offline, a timeout, a 5xx,
        /// the seed's paths, no session). The user is still signed in and may try again.
        case failed(SignInError)
    }

    /// Deletes the signed-in account on the server, then signs out on this device: the session
    /// store is cleared and the user's welcome flag removed, and ``state`` is back at the address.
    ///
    /// Unlike ``signOut()``, the device forgets nothing until the server has answered: a deletion
    /// the server never heard would leave an account the user believes is gone. So a failure to
    /// reach it keeps the user signed in. Every failure is also kept in ``lastError``.
    ///
    /// A call while one runs sends nothing: it waits for the running one and returns its result.
    /// A second DELETE would come back 401 and report the deleted account as signed out.
    /// - Returns: What happened; see ``DeletionResult``.
    @discardableResult
    public func deleteAccount() async -> DeletionResult {
        if let deletion { return await deletion.value }
        let task = Task { await deleteAccountNow() }
        deletion = task
        defer { deletion = nil }
        // The caller's cancellation still reaches the request, as it did when the call made it itself.
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    private func deleteAccountNow() async -> DeletionResult {
        guard let current = session else { return .failed(.unauthorized) }
        let result: DeletionResult
        do {
            try await client.deleteAccount(current.token, deviceID: current.deviceID)
            result = .deleted
        } catch {
            lastError = error
            guard error == .unauthorized else { return .failed(error) }
            result = .signedOut
        }
        // A sign-out meanwhile has already cleared this session, and maybe signed someone else in.
        guard session?.token == current.token else { return result }
        if result == .deleted {
            do { try store.set(nil, forKey: welcomeKey(for: current.user)) } catch { lastError = Self.storageError(error) }
        }
        clearLocally()
        email = ""
        return result
    }
}
