import LaunchGate

extension PolicyExemptions {
    /// Stored exemptions as a signed document lists them: their hashes, or `nil` when there are none.
    package init?(stored exemptions: [Exemption]) {
        guard !exemptions.isEmpty else { return nil }
        self.init(installs: Set(exemptions.filter { $0.kind == .install }.map(\.value)),
                  devices: Set(exemptions.filter { $0.kind == .device }.map(\.value)))
    }
}
