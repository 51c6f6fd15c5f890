import Foundation

/// One message to one recipient, before it is put into MIME.
public struct MailMessage: Sendable, Hashable {
    /// The sender, as configured with `--mail-from`.
    public var from: MailSender
    /// The recipient's address, normalised.
    public var to: String
    /// One line; encoded for the header when it is not plain ASCII.
    public var subject: String
    /// The plain-text body.
    public var text: String
    /// The HTML body.
    public var html: String
    /// The `Date` header's time.
    public var date: Date
    /// The `Message-ID` header, angle brackets included.
    public var messageID: String

    /// Creates a message.
    public init(from: MailSender, to: String, subject: String, text: String, html: String, date: Date, messageID: String) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.date = date
        self.messageID = messageID
    }
}
