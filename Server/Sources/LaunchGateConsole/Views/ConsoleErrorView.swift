import LaunchGateHTTP
import LaunchGateStorage

/// A refusal or a failure as a page: what happened, and what to do about it, in the console's
/// words (the services' messages are written for the API and the CLI).
struct ConsoleErrorView: ConsoleView {
    package let heading: String
    package let message: String

    package init(heading: String, message: String) {
        (self.heading, self.message) = (heading, message)
    }

    /// A service's refusal as a page, by its code: the ones a person meets by following a link
    /// or typing an address get the console's own sentence, the rest the service's message as one.
    /// - Parameters:
    ///   - failure: What the service threw.
    ///   - app: The app the page's path names, if it names one.
    package init(_ failure: any LaunchGateFailure, app: String?) {
        let app = app.map { "“\($0.prefix(64))”" } ?? "this"
        switch failure.code {
        case "app-not-found":
            self.init(heading: "App not found", message: "There is no app \(app). Check the address, or choose an app from the list.")
        case "revision-not-found":
            self.init(heading: "Revision not found", message: "The app \(app) has no revision by this number on this channel. "
                + "Its history lists the revisions there are.")
        case "user-not-found":
            self.init(heading: "User not found", message: "The app \(app) has no sign-in user by this ID. Its users page lists them.")
        default:
            let message = failure.isForOperatorsOnly ? ErrorResponse.publicMessage(for: failure.kind) : failure.message
            self.init(heading: failure.kind == .forbidden ? "Not allowed" : "Can't do that", message: ConsoleFormError.sentence(message))
        }
    }
}
