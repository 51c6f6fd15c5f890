/// An app's sign-in settings; apps without a row use the defaults.
public struct SignInSettings: Sendable, Hashable, Codable {
    /// The shortest code an app may use.
    public static let codeLengths = 4...10
    /// NIST SP 800-63B asks for at least 6 digits.
    public static let defaultCodeLength = 6

    /// The app.
    public var appID: String
    /// Digits per code, in ``codeLengths``.
    public var codeLength: Int
    /// A Mustache template for the subject, replacing the built-in one; `nil` keeps it.
    public var subjectTemplate: String?
    /// A Mustache template for the plain-text body; `nil` keeps the built-in one.
    public var textTemplate: String?
    /// A Mustache template for the HTML body; `nil` keeps the built-in one.
    public var htmlTemplate: String?

    /// Creates settings.
    public init(appID: String, codeLength: Int = SignInSettings.defaultCodeLength, subjectTemplate: String? = nil,
                textTemplate: String? = nil, htmlTemplate: String? = nil) {
        self.appID = appID
        self.codeLength = codeLength
        self.subjectTemplate = subjectTemplate
        self.textTemplate = textTemplate
        self.htmlTemplate = htmlTemplate
    }
}
