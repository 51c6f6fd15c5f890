#if canImport(SwiftUI)
import SwiftUI

extension View {
    /// A large spinner where controls have sizes: tvOS builds have no `controlSize(_:)`, and its
    /// spinner is large already.
    /// - Returns: The view.
    @ViewBuilder
    func largeControl() -> some View {
        #if os(tvOS)
        self
        #else
        controlSize(.large)
        #endif
    }
}
#endif
