/// A refusal or a failure as a page: what happened, and what to do about it.
struct ConsoleErrorView: Encodable, Sendable {
    let heading: String
    let message: String
}
