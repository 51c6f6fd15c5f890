extension GuardBreach {
    /// Whether the breach is a share compared with the guard's limit, which its words then name.
    public var hasShare: Bool { ![.noEstablishedInstalls, .refusedSightings].contains(measure) }
}
