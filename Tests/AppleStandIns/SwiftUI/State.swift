// Stand-in for SwiftUI's state, bindings and environment, for Linux only (see View.swift). State
// keeps its value, and `@Environment` of a key path reads the default environment: there is no
// view graph to read a real one from.
import Observation

public protocol DynamicProperty {}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    private final class Box { var value: Value; init(_ value: Value) { self.value = value } }
    private let box: Box
    public init(wrappedValue value: Value) { box = Box(value) }
    public init(initialValue value: Value) { box = Box(value) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> { fatalError("a stand-in's state has no binding") }
}

@propertyWrapper
public struct Binding<Value> {
    @preconcurrency
    public init(get: @escaping @isolated(any) @Sendable () -> Value,
                set: @escaping @isolated(any) @Sendable (Value) -> Void) {}
    public var wrappedValue: Value {
        get { fatalError("a stand-in's binding can't be read") }
        nonmutating set { fatalError("a stand-in's binding can't be written") }
    }
    public var projectedValue: Binding<Value> { self }
}

public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

public struct EnvironmentValues {
    private var values: [ObjectIdentifier: Any] = [:]
    public init() {}
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
    public var scenePhase: ScenePhase = .active
    public var isEnabled = true
    public var layoutDirection: LayoutDirection = .leftToRight
    public var colorScheme: ColorScheme = .light
    public var colorSchemeContrast: ColorSchemeContrast { .standard }
    public var accessibilityReduceMotion: Bool { false }
    public var dynamicTypeSize: DynamicTypeSize = .large
    public var locale: Locale = Locale(identifier: "en_US")
    public var calendar: Calendar = Calendar(identifier: .gregorian)
    public var timeZone: TimeZone = TimeZone(identifier: "UTC")!
    public var legibilityWeight: LegibilityWeight?
    public var openURL = OpenURLAction { _ in .systemAction }
}

public enum LegibilityWeight: Hashable, Sendable {
    case regular, bold
}

/// What a link in the view opens with (iOS 15: settable, so a region of the app can handle links).
public struct OpenURLAction {
    public struct Result: Sendable {
        let standInName: String
        public static let handled = Result(standInName: "handled")
        public static let discarded = Result(standInName: "discarded")
        public static let systemAction = Result(standInName: "systemAction")
    }
    public init(handler: @escaping (URL) -> OpenURLAction.Result) {}
    @MainActor public func callAsFunction(_ url: URL) {}
}

public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight, rightToLeft
}

public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light, dark
}

/// Whether the user asked for more contrast (Settings › Accessibility › Increase Contrast).
public enum ColorSchemeContrast: CaseIterable, Hashable, Sendable {
    case standard, increased
}

public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Whether the size is one of the accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let read: () -> Value
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { read = { EnvironmentValues()[keyPath: keyPath] } }
    public var wrappedValue: Value { read() }
}

extension Environment {
    /// An `@Observable` object the view requires; reading it when absent is a runtime error.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        read = { fatalError("no \(objectType) in a stand-in's environment") }
    }
    /// An `@Observable` object that may be absent.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? { read = { nil } }
}

@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { self.wrappedValue = wrappedValue }
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public let wrappedValue: Value
}

/// Where VoiceOver's focus is (iOS 15): setting it moves VoiceOver to the element bound to it.
@propertyWrapper
public struct AccessibilityFocusState<Value: Hashable>: DynamicProperty {
    private final class Box { var value: Value; init(_ value: Value) { self.value = value } }
    private let box: Box
    public struct Binding {}
    public init() where Value == Bool { box = Box(false) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: AccessibilityFocusState<Value>.Binding { Binding() }
}
