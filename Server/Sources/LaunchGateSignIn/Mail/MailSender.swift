import Foundation

/// The `From` of sign-in mail: an address and an optional display name, from `--mail-from` as
/// `no-reply@example.com` or `Example <no-reply@example.com>`.
public struct MailSender: Sendable, Hashable, CustomStringConvertible {
    /// The address, used in `MAIL FROM` and the header.
    public let address: String
    /// The display name, if any.
    public let name: String?

    /// The sender used when none is configured.
    public static let fallback = MailSender(checkedAddress: "launchgate@localhost", name: "LaunchGate")

    private init(checkedAddress: String, name: String?) {
        address = checkedAddress
        self.name = name
    }

    /// Parses `address` or `Name <address>`.
    /// - Throws: ``MailDeliveryError`` (`permanent`) naming what is wrong, for the CLI to report.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let open = trimmed.lastIndex(of: "<"), trimmed.hasSuffix(">") {
            let name = trimmed[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            guard MIMEMessage.isSafeAddress(address) else { throw MailDeliveryError.unsafeAddress(address) }
            guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw MailDeliveryError.permanent("the sender's name can't contain line breaks or control characters")
            }
            self.init(checkedAddress: address, name: name.isEmpty ? nil : name)
        } else {
            guard MIMEMessage.isSafeAddress(trimmed) else { throw MailDeliveryError.unsafeAddress(trimmed) }
            self.init(checkedAddress: trimmed, name: nil)
        }
    }

    /// `Name <address>` or the address.
    public var description: String { name.map { "\($0) <\(address)>" } ?? address }
}
