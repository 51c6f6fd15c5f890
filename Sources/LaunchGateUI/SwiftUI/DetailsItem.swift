#if canImport(SwiftUI)
import LaunchGate

/// The details dialog's screen as a sheet item: a different screen is a different sheet.
struct DetailsItem: Identifiable, Hashable {
    let screen: GateScreen
    var id: GateScreen { screen }
}
#endif
