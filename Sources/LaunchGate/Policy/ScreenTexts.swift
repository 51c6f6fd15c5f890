/// One locale's overrides for every kind of screen.
public struct ScreenTexts: Sendable, Hashable, Codable {
    /// The banner and its dialog.
    public var updateAvailable: ScreenText?
    /// The skippable screen.
    public var updateRecommended: ScreenText?
    /// The blocking screen.
    public var updateRequired: ScreenText?
    /// The end-of-life screen.
    public var endOfLife: ScreenText?
    /// The unsupported-device screen.
    public var deviceUnsupported: ScreenText?
    /// The maintenance screen; its message replaces the window's own.
    public var maintenance: ScreenText?
    /// The OS support notice's banner and dialog.
    public var osSupportEnding: ScreenText?

    /// Creates an empty set of overrides.
    public init() {}

    /// The override for one kind of screen.
    public subscript(kind: ScreenKind) -> ScreenText? {
        get {
            switch kind {
            case .updateAvailable: updateAvailable
            case .updateRecommended: updateRecommended
            case .updateRequired: updateRequired
            case .endOfLife: endOfLife
            case .deviceUnsupported: deviceUnsupported
            case .maintenance: maintenance
            case .osSupportEnding: osSupportEnding
            }
        }
        set {
            switch kind {
            case .updateAvailable: updateAvailable = newValue
            case .updateRecommended: updateRecommended = newValue
            case .updateRequired: updateRequired = newValue
            case .endOfLife: endOfLife = newValue
            case .deviceUnsupported: deviceUnsupported = newValue
            case .maintenance: maintenance = newValue
            case .osSupportEnding: osSupportEnding = newValue
            }
        }
    }
}
