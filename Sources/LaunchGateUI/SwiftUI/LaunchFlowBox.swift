#if canImport(SwiftUI)
import LaunchGate

/// Holds the flow a ``LaunchGateView`` made for itself. SwiftUI keeps the first box in `@State`
/// and drops the ones later initializers create, and the flow is made on first use, so a parent
/// that re-renders never builds a second flow (which would read the keychain and cache again).
@MainActor
final class LaunchFlowBox {
    private var flow: LaunchFlow?

    /// The flow, made by `make` the first time.
    func flow(orMake make: () -> LaunchFlow) -> LaunchFlow {
        if let flow { return flow }
        let made = make()
        flow = made
        return made
    }
}
#endif
