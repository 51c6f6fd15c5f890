import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateSignIn

/// `serve`'s mail settings; flags win over environment variables.
struct MailOptions: ParsableArguments {
    @Option(name: .customLong("smtp-url"),
            help: "smtps://user:pass@host:465, smtp://user:pass@host:587 (STARTTLS required) or smtp://host:25?starttls=off. Env: LAUNCHGATE_SMTP_URL.")
    var smtpURL: String?
    @Option(name: .customLong("mail-from"), help: "The From of sign-in mail, as no-reply@example.com or \"Example <no-reply@example.com>\". Env: LAUNCHGATE_MAIL_FROM.")
    var mailFrom: String?
    @Option(name: .customLong("mail-transport"),
            help: "smtp (the default with an SMTP URL), log (prints mail, codes included; the default without one) or none (drops mail, for benchmarks). Env: LAUNCHGATE_MAIL_TRANSPORT.")
    var mailTransport: String?
    @Option(name: .customLong("mail-deliveries-at-once"),
            help: "Sign-in mail deliveries under way at once, each on its own connection to the mail server, 1 to 64 (default 4). Env: LAUNCHGATE_MAIL_DELIVERIES_AT_ONCE.")
    var mailDeliveriesAtOnce: Int?

    /// The deliveries at once the flag or its variable gives, or `nil` for the default.
    /// - Throws: `ValidationError` when the value is not a whole number in range.
    func deliveriesAtOnce(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int? {
        try EnvironmentOption.value(mailDeliveriesAtOnce, flag: "mail-deliveries-at-once", environment: environment,
                                    EnvironmentOption.within(1...OutboxWorker.maximumDeliveriesAtOnce))
    }

    /// The sender, or the built-in one.
    func sender(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> MailSender {
        try EnvironmentOption.value(mailFrom, flag: "mail-from", environment: environment) { text in
            do { return try MailSender(parsing: text) } catch { throw Self.refusal(MailConfigurationError.invalidSender("\(error)"), flag: "--mail-from") }
        } ?? .fallback
    }

    /// The transport the flags choose.
    func transport(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> any MailTransport {
        // An empty LAUNCHGATE_SMTP_URL means none (a deployment template's blank), as it always has;
        // an empty --smtp-url is still refused.
        let unblank = environment.filter { $0.key != "LAUNCHGATE_SMTP_URL" || !$0.value.isEmpty }
        let settings = try EnvironmentOption.value(smtpURL, flag: "smtp-url", environment: unblank) { url in
            do { return try SMTPSettings(url: url) } catch let error as MailConfigurationError { throw Self.refusal(error, flag: "--smtp-url") }
        }
        let kinds = ["smtp", "log", "none"]
        let kind = try EnvironmentOption.value(mailTransport, flag: "mail-transport", environment: environment) { kind in
            guard kinds.contains(kind) else { throw OptionRefusal("must be smtp, log or none, not \"\(kind.prefix(20))\"") }
            return kind
        } ?? (settings == nil ? "log" : "smtp")
        switch kind {
        case "log": return LogMailTransport()
        case "none": return NullMailTransport()
        default:
            guard let settings else { throw ValidationError("--mail-transport smtp needs --smtp-url (or LAUNCHGATE_SMTP_URL)") }
            do { return try SMTPMailTransport(settings: settings) } catch let error as MailConfigurationError {
                throw ValidationError(error.message)
            }
        }
    }

    /// The error's message without the flag it starts with, for ``EnvironmentOption`` to name the
    /// flag or the variable that gave the value.
    private static func refusal(_ error: MailConfigurationError, flag: String) -> OptionRefusal {
        OptionRefusal(error.message.hasPrefix(flag) ? String(error.message.dropFirst(flag.count)) : ": " + error.message)
    }
}
