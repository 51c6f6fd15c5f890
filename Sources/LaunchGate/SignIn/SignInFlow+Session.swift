import Foundation

/// The session half: restoring it at launch, confirming it with the server, signing out and the welcome.
extension SignInFlow {
    /// Signs in from the stored session at launch, then asks the server whether it still works:
    /// a 401 signs out, while no answer (offline, a timeout, a 5xx) keeps the user signed in.
    /// An expired session is dropped without a request. With ``AuthPaths/seed`` there is nothing to ask.
    public func restore() async {
        guard restoreFromDevice() else { return }
        await confirmSession()
    }

    /// The first half of ``restore()``, without the network: adopts the stored session at once,
    /// so a launch that knows the user never shows the sign-in screen, not even for a frame.
    /// An expired session is dropped.
    /// - Returns: Whether a stored session was adopted.
    @discardableResult
    public func restoreFromDevice() -> Bool {
        guard session == nil, case .enteringEmail = state else { return false }
        let stored: SignInSession?
        do { stored = try sessions.loadSession() } catch {
            lastError = Self.storageError(error)
            sessionReadFailed = true
            return false
        }
        sessionReadFailed = false
        guard let stored else { return false }
        guard !stored.isExpired(at: now()) else {
            clearLocally()
            return false
        }
        adopt(stored)
        return true
    }

    /// Reads the stored session again if the last read failed (a keychain locked until the first
    /// unlock after a restart, say), and adopts it if it is there: the user never signs in again
    /// for a read that failed. Nothing happens after a read that found no session, or while a
    /// user is signed in or has moved past the address step.
    /// - Returns: Whether a stored session was adopted.
    @discardableResult
    public func retryRestoreAfterFailedRead() -> Bool {
        guard sessionReadFailed else { return false }
        return restoreFromDevice()
    }

    /// The second half of ``restore()``: asks the server whether the current session still works.
    /// A 401 signs out; no answer keeps the user signed in and sets ``lastError``.
    public func confirmSession() async {
        guard let current = session, client.paths.supportsSessions else { return }
        attempt += 1
        let request = attempt
        do {
            let fresh = try await client.checkSession(current)
            guard request == attempt else { return }
            adopt(fresh)
            save(fresh)
        } catch {
            guard request == attempt else { return }
            if error == .unauthorized { clearLocally() } else { lastError = error }
        }
    }

    /// Signs out: forgets the session on this device first, so it ends even offline, then asks the
    /// server to revoke it (with ``AuthPaths/app(_:)``). A failed server call only sets ``lastError``.
    public func signOut() async {
        let ended = session
        clearLocally()
        email = ""
        guard let ended, client.paths.supportsSessions else { return }
        do { try await client.signOut(ended.token, deviceID: ended.deviceID) } catch { lastError = error }
    }

    /// Records that the signed-in user has seen the welcome, so it never shows to them again.
    public func markWelcomeSeen() {
        showsWelcome = false
        guard let user = session?.user else { return }
        do { try store.set(Data([1]), forKey: welcomeKey(for: user)) } catch { lastError = Self.storageError(error) }
    }
}
