import Foundation
import LaunchGateStorage
import Mustache
import Synchronization

/// The sign-in mail's subject, text and HTML, rendered with Mustache from built-in templates or an
/// app's own (``SignInSettings``).
///
/// Templates see `app_name`, `code`, `minutes` (the code's lifetime, a number), `lifetime` (the
/// same in words: "1 minute", "10 minutes") and `email`. The HTML body
/// escapes them; the subject and text don't (they are not HTML), and the subject is folded to one
/// line, so no value can add a header.
enum MailTemplates {
    package static let subject = "{{code}} is your {{app_name}} sign-in code"

    package static let text = """
        Your {{app_name}} sign-in code is

            {{code}}

        It works once, for {{lifetime}}. If you didn't ask for it, you can ignore this email:
        no one can sign in without the code.
        """

    package static let html = """
        <!DOCTYPE html>
        <html><body style="font-family: -apple-system, Helvetica, Arial, sans-serif; color: #111;">
        <p>Your {{app_name}} sign-in code is</p>
        <p style="font-size: 28px; font-weight: bold; letter-spacing: 4px;">{{code}}</p>
        <p>It works once, for {{lifetime}}. If you didn't ask for it, you can ignore this email:
        no one can sign in without the code.</p>
        </body></html>
        """

    /// A rendered message's parts.
    struct Rendered: Sendable, Hashable {
        package var subject: String
        package var text: String
        package var html: String
    }

    /// Renders the mail for one code.
    /// - Parameters:
    ///   - appName: The app's display name.
    ///   - code: The digits.
    ///   - lifetime: Seconds the code works.
    ///   - email: The recipient.
    ///   - settings: The app's overrides, if any.
    /// - Throws: ``SignInServiceError`` `invalid_settings` when an override doesn't parse.
    package static func render(appName: String, code: String, lifetime: TimeInterval, email: String, settings: SignInSettings?) throws -> Rendered {
        let minutes = max(1, Int((lifetime / 60).rounded()))
        let values: [String: Any] = [
            "app_name": appName, "code": code, "minutes": minutes, "lifetime": minutes == 1 ? "1 minute" : "\(minutes) minutes", "email": email,
        ]
        let subject = try template(settings?.subjectTemplate ?? Self.subject, html: false, part: "subject").render(values)
        return Rendered(
            subject: subject.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ").trimmingCharacters(in: .whitespaces),
            text: try template(settings?.textTemplate ?? Self.text, html: false, part: "text").render(values),
            html: try template(settings?.htmlTemplate ?? Self.html, html: true, part: "HTML").render(values))
    }

    /// Checks that an app's overrides parse.
    /// - Throws: ``SignInServiceError`` `invalid_settings`, naming the part.
    package static func validate(_ settings: SignInSettings) throws {
        _ = try render(appName: "App", code: "123456", lifetime: 600, email: "ada@example.com", settings: settings)
    }

    /// Parsed templates by source, so each message renders without parsing again. Sources are the
    /// built-in ones and those admins set, never request data; the bound only guards against an
    /// operator cycling through many overrides.
    private static let parsed = Mutex<[String: MustacheTemplate]>([:])
    private static let maximumParsed = 64

    private static func template(_ source: String, html: Bool, part: String) throws -> MustacheTemplate {
        let key = (html ? "html:" : "text:") + source
        if let known = parsed.withLock({ $0[key] }) { return known }
        let template = try parse(source, html: html, part: part)
        parsed.withLock { table in
            if table.count >= maximumParsed { table.removeAll() }
            table[key] = template
        }
        return template
    }

    private static func parse(_ source: String, html: Bool, part: String) throws -> MustacheTemplate {
        do {
            // Only the HTML body escapes for HTML: "&" in an app's name stays "&" in the subject and text.
            return try MustacheTemplate(string: html ? source : "{{% CONTENT_TYPE: TEXT}}" + source)
        } catch {
            throw SignInServiceError.invalidSettings("the \(part) template is not valid Mustache: \(error)")
        }
    }
}
