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
        let flag = "mail-deliveries-at-once"
        guard let value = try EnvironmentOption.value(mailDeliveriesAtOnce, or: "LAUNCHGATE_MAIL_DELIVERIES_AT_ONCE", environment: environment) else { return nil }
        let range = 1...OutboxWorker.maximumDeliveriesAtOnce
        guard range.contains(value) else { throw ValidationError("--\(flag) must be \(range.lowerBound) to \(range.upperBound)") }
        return value
    }

    /// The sender, or the built-in one.
    func sender() throws -> MailSender {
        guard let text = mailFrom ?? ProcessInfo.processInfo.environment["LAUNCHGATE_MAIL_FROM"] else { return .fallback }
        do { return try MailSender(parsing: text) } catch { throw ValidationError("\(MailConfigurationError.invalidSender("\(error)").message)") }
    }

    /// The transport the flags choose.
    func transport() throws -> any MailTransport {
        let environment = ProcessInfo.processInfo.environment
        let url = smtpURL ?? environment["LAUNCHGATE_SMTP_URL"].flatMap { $0.isEmpty ? nil : $0 }
        switch mailTransport ?? environment["LAUNCHGATE_MAIL_TRANSPORT"] ?? (url == nil ? "log" : "smtp") {
        case "log": return LogMailTransport()
        case "none": return NullMailTransport()
        case "smtp":
            guard let url else { throw ValidationError("--mail-transport smtp needs --smtp-url (or LAUNCHGATE_SMTP_URL)") }
            do { return try SMTPMailTransport(settings: try SMTPSettings(url: url)) } catch let error as MailConfigurationError {
                throw ValidationError(error.message)
            }
        case let other: throw ValidationError("--mail-transport must be smtp, log or none, not \"\(other.prefix(20))\"")
        }
    }
}
