import ArgumentParser

/// `--appstore-allow-loopback-http`: lets the lookup and App Store Connect URLs be plain http to a
/// loopback host, for the fakes tests run. Off by default, as `--webhook-allow-private` is: without
/// it nothing on the machine can pose as Apple over plain http (review s13, G13).
struct AppStoreLoopbackOption: ParsableArguments {
    @Flag(help: "Accept plain http to a loopback host for the lookup and App Store Connect URLs: for tests' fakes only. Env: LAUNCHGATE_APPSTORE_ALLOW_LOOPBACK_HTTP=1.")
    var appstoreAllowLoopbackHttp = false

    /// The flag, or the variable when the flag is absent.
    func allowed() throws -> Bool {
        try appstoreAllowLoopbackHttp || EnvironmentOption.switchValue("LAUNCHGATE_APPSTORE_ALLOW_LOOPBACK_HTTP") == true
    }
}
