// Stand-in for UIKit's text input types that SwiftUI's text field modifiers take; bodies never run.

public enum UIKeyboardType: Int, Sendable {
    case `default`
    case emailAddress = 7
    case numberPad = 4
}

public struct UITextContentType: Hashable, RawRepresentable, Sendable {
    public init(rawValue: String) { fatalError() }
    public var rawValue: String { fatalError() }
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
}
