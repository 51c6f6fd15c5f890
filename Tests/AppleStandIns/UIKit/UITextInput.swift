// Stand-in for UIKit's text input types that SwiftUI's text field modifiers take (see UIResponder.swift).

@available(watchOS, unavailable)
public enum UIKeyboardType: Int, Sendable {
    case `default`
    case emailAddress = 7
    case numberPad = 4
}

@available(watchOS, unavailable)
public struct UITextContentType: Hashable, RawRepresentable, Sendable {
    public init(rawValue: String) { self.rawValue = rawValue }
    public var rawValue: String
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
}
