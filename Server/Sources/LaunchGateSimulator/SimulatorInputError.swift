/// A line or a flag the simulator can't take, with what to type instead.
public struct SimulatorInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A sentence a person can act on.
    public let message: String

    /// Creates an error.
    /// - Parameter message: What is wrong and what would work.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
