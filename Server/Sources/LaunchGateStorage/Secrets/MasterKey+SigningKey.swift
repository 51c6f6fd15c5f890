import LaunchGate

extension MasterKey {
    /// Opens a sealed policy signing key: the one check that start-up and `launchgate restore`
    /// share, here so that restore (storage) needs nothing of the policies target.
    /// - Throws: ``MasterKeyError`` `wrongKey` when this key did not seal it.
    package func openSigningKey(_ sealedPrivateKey: String) throws -> PolicySigningKey {
        try PolicySigningKey(rawRepresentation: open(sealedPrivateKey))
    }
}
