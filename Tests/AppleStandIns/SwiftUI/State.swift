// Stand-in for SwiftUI's state, bindings and environment, for type-checking on Linux only; bodies never run.
import Observation

public protocol DynamicProperty {}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) { fatalError() }
    public init(initialValue value: Value) { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

@propertyWrapper
public struct Binding<Value> {
    @preconcurrency
    public init(get: @escaping @isolated(any) @Sendable () -> Value,
                set: @escaping @isolated(any) @Sendable (Value) -> Void) { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

public struct EnvironmentValues {
    public init() { fatalError() }
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { fatalError() }
        set { fatalError() }
    }
    public var scenePhase: ScenePhase {
        get { fatalError() }
        set { fatalError() }
    }
    public var isEnabled: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    public var layoutDirection: LayoutDirection {
        get { fatalError() }
        set { fatalError() }
    }
}

public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight, rightToLeft
}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
    public var wrappedValue: Value { fatalError() }
}

extension Environment {
    /// An `@Observable` object the view requires; reading it when absent is a runtime error.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable { fatalError() }
    /// An `@Observable` object that may be absent.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? { fatalError() }
}

@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { fatalError() }
    public init(wrappedValue: Value) { fatalError() }
    public var wrappedValue: Value { fatalError() }
}
