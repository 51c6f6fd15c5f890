/// The console's templates or static files are missing from this build: a packaging mistake
/// (the resource folder was not copied beside the binary), not a client's. Every console path
/// answers with it in the API's JSON shape, since without templates there is no page to show.
struct ConsoleResourcesError: LaunchGateFailure {
    /// The file or folder that could not be read, or the template that doesn't parse: for the
    /// start-up warning, not for clients.
    let detail: String

    var code: String { "console-missing" }
    var message: String {
        "the console's templates are missing from this build, or damaged; they ship in LaunchGateServer_LaunchGateServer.resources, beside the launchgate binary"
    }
    var kind: FailureKind { .notFound }
}
