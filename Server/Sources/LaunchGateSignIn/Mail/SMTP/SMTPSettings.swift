import Foundation
import LaunchGateStorage

/// Where and how to reach the SMTP server, from `--smtp-url`:
///
/// - `smtps://user:pass@host:465`: TLS from the first byte (port 465 by default);
/// - `smtp://user:pass@host:587`: STARTTLS, required: a server that doesn't offer it gets no mail
///   (port 587 by default);
/// - `smtp://host:25?starttls=off`: plain, for a relay on the same host or a test sink. A login
///   (`user:pass@`) is refused here unless the host is loopback (`localhost`, 127.0.0.0/8, `::1`):
///   it would cross the network in the clear.
///
/// Query options: `starttls=off`, `timeout=SECONDS` (per reply and per write, 30 by default; three of them for a whole message), `cafile=PATH`
/// (PEM roots to trust besides the system's, for a private CA), `helo=NAME` (the EHLO name).
public struct SMTPSettings: Sendable, Hashable, CustomStringConvertible {
    /// How the connection is protected.
    public enum Security: String, Sendable, Hashable {
        /// TLS from the first byte.
        case implicitTLS
        /// Plain, upgraded with STARTTLS before anything else is said.
        case startTLS
        /// Plain throughout.
        case none
    }

    /// The server's host name or address.
    public var host: String
    /// The port.
    public var port: Int
    /// How the connection is protected.
    public var security: Security
    /// The login, if the server wants one (AUTH PLAIN or LOGIN).
    public var username: String?
    /// The password, if any; never printed.
    public var password: String?
    /// How long to wait for the connection.
    public var connectTimeout: Duration
    /// How long to wait for each reply, and for the server to take each write.
    public var replyTimeout: Duration
    /// How long one message's whole conversation may take, from the greeting to the reply to its
    /// end: three step timeouts. Each step is bounded already, but a server that answers every
    /// step just in time would otherwise hold a delivery for ten of them.
    public var messageTimeout: Duration
    /// A PEM file of roots to trust besides the system's.
    public var trustRootsFile: String?
    /// The name given in EHLO.
    public var heloName: String

    /// Reads an `smtp://` or `smtps://` URL.
    /// - Throws: ``MailConfigurationError`` `invalid-smtp-url`, saying what is wrong.
    public init(url text: String) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw MailConfigurationError.invalidSMTPURL("\"\(text.prefix(80))\" is not a URL")
        }
        guard scheme == "smtp" || scheme == "smtps" else { throw MailConfigurationError.invalidSMTPURL("the scheme must be smtp or smtps") }
        guard let host = components.host, !host.isEmpty else { throw MailConfigurationError.invalidSMTPURL("the URL names no host") }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name.lowercased(), $0.value ?? "") }, uniquingKeysWith: { $1 })
        if let unknown = query.keys.first(where: { !["starttls", "timeout", "cafile", "helo"].contains($0) }) {
            throw MailConfigurationError.invalidSMTPURL("unknown option \"\(unknown)\"; the options are starttls, timeout, cafile and helo")
        }
        switch (scheme, query["starttls"]?.lowercased()) {
        case ("smtps", nil): security = .implicitTLS
        case ("smtps", _): throw MailConfigurationError.invalidSMTPURL("starttls applies to smtp:// only; smtps:// is TLS from the start")
        case ("smtp", nil), ("smtp", "required"), ("smtp", "on"): security = .startTLS
        case ("smtp", "off"): security = .none
        default: throw MailConfigurationError.invalidSMTPURL("starttls must be off or required")
        }
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? (security == .implicitTLS ? 465 : 587)
        guard (1...65535).contains(port) else { throw MailConfigurationError.invalidSMTPURL("the port must be 1 to 65535") }
        username = components.user.flatMap { $0.removingPercentEncoding ?? $0 }.flatMap { $0.isEmpty ? nil : $0 }
        password = components.password.flatMap { $0.removingPercentEncoding ?? $0 }
        if let seconds = query["timeout"] {
            guard let value = Double(seconds), (1...600).contains(value) else {
                throw MailConfigurationError.invalidSMTPURL("timeout must be 1 to 600 seconds")
            }
            replyTimeout = .milliseconds(Int64(value * 1000))
        } else {
            replyTimeout = .seconds(30)
        }
        connectTimeout = .seconds(10)
        messageTimeout = replyTimeout * 3
        trustRootsFile = query["cafile"].flatMap { $0.isEmpty ? nil : $0 }
        heloName = query["helo"].flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        guard heloName.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw MailConfigurationError.invalidSMTPURL("helo must be a host name")
        }
        // Refused here, so `serve` stops at start-up rather than the first mail failing.
        if let problem = clearTextLoginProblem { throw MailConfigurationError.invalidSMTPURL(problem) }
    }

    /// Whether the host is this machine (`localhost`, 127.0.0.0/8 or `::1`), the one place a plain
    /// connection is not seen by anyone else.
    public var isLoopback: Bool {
        host.lowercased() == "localhost" || Self.loopbackNetworks.contains { $0.contains(host) }
    }

    private static let loopbackNetworks = [try! IPNetwork(parsing: "127.0.0.0/8"), try! IPNetwork(parsing: "::1")]

    /// Why these settings can't be used with a login, or `nil` when they can: AUTH over a plain
    /// connection to another host hands the password to anyone on the path.
    package var clearTextLoginProblem: String? {
        guard username != nil, security == .none, !isLoopback else { return nil }
        return "a login over a plain connection (starttls=off) to \(host) would send the password in the clear; "
            + "use smtps:// or STARTTLS (smtp:// without starttls=off), or keep starttls=off for a relay on loopback only"
    }

    /// The URL without the password, and how the connection is protected.
    public var description: String {
        let login = username.map { "\($0)@" } ?? ""
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let mode = switch security {
        case .implicitTLS: "TLS"
        case .startTLS: "STARTTLS required"
        case .none: "plain, no TLS"
        }
        return "\(security == .implicitTLS ? "smtps" : "smtp")://\(login)\(shownHost):\(port) (\(mode))"
    }
}
