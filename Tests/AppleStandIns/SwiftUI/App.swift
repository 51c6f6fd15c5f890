// Stand-in for SwiftUI's app and scene types, for type-checking on Linux only; bodies never run.

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    /// What `@main` calls on an app.
    @MainActor @preconcurrency public static func main() { fatalError() }
}

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

@resultBuilder
public struct SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { fatalError() }
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}
