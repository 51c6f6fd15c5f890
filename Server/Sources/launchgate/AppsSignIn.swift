import ArgumentParser
import Foundation
import LaunchGateServer

extension Apps {
    /// `launchgate apps sign-in APP`: the code length and mail templates of one app.
    struct SignIn: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-in",
            abstract: "Show or change an app's sign-in code length and mail templates.",
            discussion: """
            Templates are Mustache, with {{app_name}}, {{code}}, {{minutes}}, {{lifetime}} ("10 minutes") and {{email}}. Without options the
            current settings are printed. Example: launchgate apps sign-in notes --code-length 8 --html-template mail.html
            """)
        @Argument(help: "The app's ID.") var app: String
        @Option(help: "Digits per code, 4 to 10 (default 6).") var codeLength: Int?
        @Option(help: "A file holding the subject template.") var subjectTemplate: String?
        @Option(help: "A file holding the plain-text body template.") var textTemplate: String?
        @Option(help: "A file holding the HTML body template.") var htmlTemplate: String?
        @Flag(help: "Go back to the built-in templates.") var resetTemplates = false
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if let codeLength, !(4...10).contains(codeLength) { throw ValidationError("--code-length must be 4 to 10") }
            if resetTemplates, subjectTemplate != nil || textTemplate != nil || htmlTemplate != nil {
                throw ValidationError("--reset-templates can't go with a template file")
            }
        }

        func run() async throws {
            try await database.withComponents { components in
                _ = try await components.policies.app(app)
                var settings = try await components.signIn.settings(app: app)
                let changes = codeLength != nil || subjectTemplate != nil || textTemplate != nil || htmlTemplate != nil || resetTemplates
                if changes {
                    if let codeLength { settings.codeLength = codeLength }
                    if resetTemplates { (settings.subjectTemplate, settings.textTemplate, settings.htmlTemplate) = (nil, nil, nil) }
                    if let file = subjectTemplate { settings.subjectTemplate = try Self.read(file) }
                    if let file = textTemplate { settings.textTemplate = try Self.read(file) }
                    if let file = htmlTemplate { settings.htmlTemplate = try Self.read(file) }
                    try await components.signIn.saveSettings(settings)
                }
                print("code length:  \(settings.codeLength) digits")
                print("subject:      \(settings.subjectTemplate == nil ? "built-in" : "custom")")
                print("text body:    \(settings.textTemplate == nil ? "built-in" : "custom")")
                print("HTML body:    \(settings.htmlTemplate == nil ? "built-in" : "custom")")
            }
        }

        private static func read(_ file: String) throws -> String {
            do { return try String(contentsOfFile: file, encoding: .utf8) } catch {
                throw ValidationError("can't read \(file): \(error.localizedDescription)")
            }
        }
    }
}
