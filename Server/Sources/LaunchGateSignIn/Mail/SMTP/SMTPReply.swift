/// One SMTP reply: its code and its lines' text (several for a multi-line reply such as EHLO's).
struct SMTPReply: Sendable, Hashable, CustomStringConvertible {
    /// The three-digit code.
    package let code: Int
    /// The text of each line, without the code.
    package let lines: [String]

    /// 2xx: done.
    package var isSuccess: Bool { (200..<300).contains(code) }
    /// 3xx: go on (DATA's 354, AUTH's 334).
    package var isIntermediate: Bool { (300..<400).contains(code) }
    /// 5xx: refused for good.
    package var isPermanentFailure: Bool { (500..<600).contains(code) }

    /// The code and the first line, as the server said it, cut short for logs.
    package var description: String { "\(code) \(lines.first ?? "")".prefix(200).description }
}
