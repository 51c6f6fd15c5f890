// Stand-in for SwiftUI's controls and their styles, for type-checking on Linux only; bodies never run.

public struct Button<Label: View>: View {
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) { fatalError() }
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) { fatalError() }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) { fatalError() }
}

public struct TextField<Label: View>: View {
    public var body: Never { fatalError() }
}

extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) { fatalError() }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) { fatalError() }
}

public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    public var body: Never { fatalError() }
}

extension ProgressView where CurrentValueLabel == EmptyView, Label == Text {
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S) { fatalError() }
}

public enum ControlSize: CaseIterable, Hashable, Sendable {
    case mini, small, regular, large, extraLarge
}

public struct ButtonStyleConfiguration {
    public struct Label: View {
        public var body: Never { fatalError() }
    }
    public let label: ButtonStyleConfiguration.Label
    public let isPressed: Bool
}

@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ButtonStyleConfiguration
}

@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {}

public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() { fatalError() }
}

public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() { fatalError() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { fatalError() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { fatalError() }
}

public struct SubmitLabel: Sendable {
    public static var go: SubmitLabel { fatalError() }
    public static var send: SubmitLabel { fatalError() }
}

public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
}

public struct TextInputAutocapitalization: Sendable {
    public static var never: TextInputAutocapitalization { fatalError() }
}
