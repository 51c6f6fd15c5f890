extension PolicySource {
    /// Checks that a signed document is about this source's app and channel and the running platform,
    /// so a validly signed document for something else can't be replayed here.
    /// - Parameters:
    ///   - policy: The verified document.
    ///   - platform: The running app's platform.
    /// - Throws: ``LaunchGateError/subjectMissing`` or ``LaunchGateError/subjectMismatch(_:)``.
    func checkSubject(of policy: UpdatePolicy, platform: Platform) throws {
        guard let subject = policy.subject else { throw LaunchGateError.subjectMissing }
        guard let app else {
            throw LaunchGateError.subjectMismatch(
                "the source's URL names no app; pass PolicySource(url:publicKeys:app:) so the signed subject can be checked")
        }
        if subject.app != app {
            throw LaunchGateError.subjectMismatch("the policy is for app \"\(subject.app.prefix(80))\", not \"\(app)\"")
        }
        if subject.channel != channel {
            throw LaunchGateError.subjectMismatch("the policy is for the \(subject.channel.rawValue) channel, not \(channel.rawValue)")
        }
        if let documented = subject.platform, documented != platform {
            throw LaunchGateError.subjectMismatch("the policy is for \(documented.rawValue), not \(platform.rawValue)")
        }
    }
}
