import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateSignIn

/// `serve`'s sign-in limits. Each flag has an environment variable, LAUNCHGATE_ and the flag's
/// name in capitals (`--sign-in-sends-per-hour` is LAUNCHGATE_SIGN_IN_SENDS_PER_HOUR); flags win.
struct SignInOptions: ParsableArguments {
    @Option(help: "Seconds a code works (default 600).") var signInCodeLifetime: DecimalNumber?
    @Option(help: "Verifies one code takes before it is dead (default 5).") var signInCodeAttempts: Int?
    @Option(help: "Guesses at one address in any hour from networks without a code there, and its room for short codes (default 25; at least the code attempts).")
    var signInGuessesPerHour: Int?
    @Option(help: "Verifies of one address from one network (IPv4 /24, IPv6 /48) without a live code of its own there, in any hour (default 5).")
    var signInNetworkGuessesPerHour: Int?
    @Option(help: "Live codes one address holds at most, one per network that asked, not counting networks on their first send in the hour (default 4).") var signInLiveCodes: Int?
    @Option(help: "Seconds a code can't be displaced by another network's send when the address is full, 300 (or the lifetime, if shorter) to the code's lifetime (default: its lifetime).")
    var signInCodeHold: DecimalNumber?
    @Option(help: "Failed verifies in a row that lock an address (default 100).") var signInLockoutFailures: Int?
    @Option(help: "Seconds an address stays locked (default 3600).") var signInLockoutDuration: DecimalNumber?
    @Option(help: "Seconds between two sends to one address from one network (default 60).") var signInResendInterval: DecimalNumber?
    @Option(help: "Sends to one address from one network (IPv4 /24, IPv6 /48) in any hour (default 3).") var signInNetworkSendsPerHour: Int?
    @Option(help: "Sends to one address in any hour, from every network, besides each network's first (default 20).") var signInSendsPerHour: Int?
    @Option(help: "The window of the per-client caps, in seconds (default 300).") var signInClientWindow: DecimalNumber?
    @Option(help: "Sends from one client address per window; 0 turns the cap off (default 30).") var signInClientSends: Int?
    @Option(help: "Verifies from one client address per window; 0 turns the cap off (default 100).") var signInClientVerifies: Int?
    @Option(help: "Sends from one network to all of an app's addresses in an hour, per instance; 0 turns the cap off (default 100).")
    var signInAppNetworkSendsPerHour: Int?
    @Option(help: "Sign-in mail queued for one app in an hour, per instance; 0 turns the cap off (default 2000).")
    var signInAppMailPerHour: Int?
    @Option(help: "Days a session works (default 30).") var signInSessionDays: DecimalNumber?
    @Option(help: "Seconds between sweeps of old sign-in records, the first after start-up (default 600).") var signInSweepInterval: DecimalNumber?
    @Flag(help: "The clients of the seed's /api/auth paths take a code 3 digits longer than the app's: past an address's room for short codes, send them one instead of refusing (default off: the original clients' field has the app's length). Env: LAUNCHGATE_SEED_SIGN_IN_LONG_CODES=1.")
    var seedSignInLongCodes = false

    /// The configuration with every flag or variable given applied.
    /// - Throws: `ValidationError` naming the flag and its range.
    func apply(to base: SignInConfiguration) throws -> SignInConfiguration {
        var configuration = base
        // One parser and one range check for a flag and its variable (EnvironmentOption); the range
        // is checked on the parsed value, so nothing is rounded after the check.
        func number(_ flag: DecimalNumber?, _ name: String, _ range: ClosedRange<Double>) throws -> Double? {
            try EnvironmentOption.value(flag, flag: name, EnvironmentOption.decimal(within: range))
        }
        func count(_ flag: Int?, _ name: String, _ range: ClosedRange<Int>) throws -> Int? {
            try EnvironmentOption.value(flag, flag: name, EnvironmentOption.within(range))
        }
        if let value = try number(signInCodeLifetime, "sign-in-code-lifetime", 60...86_400) { configuration.codeLifetime = value }
        if let value = try count(signInCodeAttempts, "sign-in-code-attempts", 1...100) { configuration.attemptsPerCode = value }
        if let value = try count(signInGuessesPerHour, "sign-in-guesses-per-hour", 1...100_000) { configuration.guessesPerHour = value }
        // Each short code pays its tries into the room this sizes: a room smaller than that holds
        // none, and the seed's paths would refuse every send from a network an address doesn't know.
        guard configuration.guessesPerHour >= configuration.attemptsPerCode else {
            throw ValidationError("--sign-in-guesses-per-hour (\(configuration.guessesPerHour)) must be at least --sign-in-code-attempts "
                                  + "(\(configuration.attemptsPerCode)): each short code sent pays its tries into it")
        }
        if let value = try count(signInNetworkGuessesPerHour, "sign-in-network-guesses-per-hour", 1...100_000) { configuration.networkGuessesPerHour = value }
        if let value = try count(signInLiveCodes, "sign-in-live-codes", 1...20) { configuration.liveCodesPerAddress = value }
        // After the lifetime, which bounds it. At least 5 minutes, or the whole life of a shorter-lived
        // code: a shorter hold let another network's send end a person's code before the 5 minutes
        // issue 27 promises them to type it in (attack s11, A5; s12, B3).
        let holdFloor = min(SignInConfiguration.shortestHold, configuration.codeLifetime)
        if let value = try number(signInCodeHold, "sign-in-code-hold", holdFloor...configuration.codeLifetime) { configuration.codeHold = value }
        if let value = try count(signInLockoutFailures, "sign-in-lockout-failures", 1...1_000_000) { configuration.lockoutFailures = value }
        if let value = try number(signInLockoutDuration, "sign-in-lockout-duration", 1...604_800) { configuration.lockoutDuration = value }
        if let value = try number(signInResendInterval, "sign-in-resend-interval", 1...3_600) { configuration.resendInterval = value }
        if let value = try count(signInNetworkSendsPerHour, "sign-in-network-sends-per-hour", 1...100_000) { configuration.networkSendsPerHour = value }
        if let value = try count(signInSendsPerHour, "sign-in-sends-per-hour", 1...100_000) { configuration.sendsPerHour = value }
        if let value = try number(signInClientWindow, "sign-in-client-window", 1...86_400) { configuration.clientWindow = value }
        if let value = try count(signInClientSends, "sign-in-client-sends", 0...10_000_000) { configuration.clientSends = value }
        if let value = try count(signInClientVerifies, "sign-in-client-verifies", 0...10_000_000) { configuration.clientVerifies = value }
        if let value = try count(signInAppNetworkSendsPerHour, "sign-in-app-network-sends-per-hour", 0...1_000_000) {
            configuration.appNetworkSendsPerHour = value
        }
        if let value = try count(signInAppMailPerHour, "sign-in-app-mail-per-hour", 0...10_000_000) { configuration.appMailPerHour = value }
        if let value = try number(signInSessionDays, "sign-in-session-days", 0.01...3_650) { configuration.sessionLifetime = value * 86_400 }
        if let value = try number(signInSweepInterval, "sign-in-sweep-interval", 1...86_400) { configuration.sweepInterval = value }
        let seedLongCodes = try EnvironmentOption.switchValue("LAUNCHGATE_SEED_SIGN_IN_LONG_CODES")
        if seedSignInLongCodes || seedLongCodes == true { configuration.seedPathsTakeLongCodes = true }
        return configuration
    }
}
