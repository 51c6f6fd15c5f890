// Stand-in for SwiftUI's hover effects, for Linux only (see View.swift): what the pointer on iPad,
// and the person's gaze on visionOS, draws on a view. macOS and watchOS have neither.

@available(iOS 13.4, tvOS 16.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
public struct HoverEffect: Sendable {
    let standInName: String
    public static let automatic = HoverEffect(standInName: "automatic")
    public static let highlight = HoverEffect(standInName: "highlight")
}

/// What a view's content shape is for: hit-testing, or the shape of an effect drawn around it.
public struct ContentShapeKinds: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    @available(iOS 15.0, tvOS 18.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    public static let hoverEffect = ContentShapeKinds(rawValue: 1 << 1)
}

extension View {
    public func contentShape<S: Shape>(_ kind: ContentShapeKinds, _ shape: S, eoFill: Bool = false) -> some View {
        standInModified()
    }
    @available(iOS 17.0, tvOS 17.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    public func hoverEffect(_ effect: HoverEffect = .automatic, isEnabled: Bool = true) -> some View {
        standInModified()
    }
}
