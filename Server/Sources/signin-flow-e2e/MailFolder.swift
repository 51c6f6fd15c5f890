import Foundation

/// The folder where `scripts/smtp-sink.py` saves each message its SMTP server accepted, read the
/// way a person reads their inbox: the newest message to an address, and the code in its text.
struct MailFolder {
    let url: URL
    /// Messages already read, so a second sign-in waits for its own mail rather than the first's.
    private(set) var seen: Set<String> = []

    init(url: URL) { self.url = url }

    /// Waits for a message to `address` that was not read before, and returns the code in it.
    /// - Throws: ``E2EFailure`` when none arrives within `seconds`, or it holds no code.
    mutating func code(for address: String, within seconds: Double) async throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".eml") && !seen.contains(name) {
                let text = try String(decoding: Data(contentsOf: url.appendingPathComponent(name)), as: UTF8.self)
                let lines = text.components(separatedBy: "\r\n")
                guard lines.contains("To: <\(address)>") else { continue }
                seen.insert(name)
                return try Self.code(in: lines, message: name)
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw E2EFailure("no message to \(address) arrived in \(url.path) within \(Int(seconds)) s")
    }

    /// The code on a line of its own in the text part: indented digits, as the template sets it.
    private static func code(in lines: [String], message: String) throws -> String {
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(" "), (4...10).contains(trimmed.count), trimmed.allSatisfy(\.isASCIIDigit) { return trimmed }
        }
        throw E2EFailure("message \(message) has no code line")
    }
}
