/// A step of the end-to-end run that did not do what it should; the run stops and says which.
struct E2EFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
