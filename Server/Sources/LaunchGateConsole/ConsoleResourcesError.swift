import LaunchGateStorage

/// The console's templates or static files can't be used by this build: a packaging mistake (the
/// resource folder was not copied beside the binary, or one from another version was), not a
/// client's. Every console path answers with it in the API's JSON shape, `503`, since without
/// templates there is no page to show; the start-up warning (``warning``) says what to do about
/// its cause.
package struct ConsoleResourcesError: LaunchGateFailure {
    private enum Cause: Equatable {
        case noBundle
        case unreadable(path: String, reason: String)
        case doesNotParse(path: String, reason: String)
        case mismatch([String])
    }

    private let cause: Cause

    /// No resource folder beside the binary.
    package static let noBundle = ConsoleResourcesError(cause: .noBundle)

    /// A template or static file that is missing or can't be read.
    /// - Parameters:
    ///   - path: The file.
    ///   - error: Why it can't be read, as the file system said.
    package static func unreadable(_ path: String, _ error: any Error) -> ConsoleResourcesError {
        ConsoleResourcesError(cause: .unreadable(path: path, reason: "\(error)"))
    }

    /// A template that swift-mustache refuses.
    package static func doesNotParse(_ path: String, _ error: any Error) -> ConsoleResourcesError {
        ConsoleResourcesError(cause: .doesNotParse(path: path, reason: "\(error)"))
    }

    /// Templates that name what their views don't have (``ConsoleTemplateCheck``).
    /// - Parameter problems: One sentence per problem, naming the template and the tag.
    package static func mismatch(_ problems: [String]) -> ConsoleResourcesError {
        ConsoleResourcesError(cause: .mismatch(problems))
    }

    /// What went wrong, with paths: for the start-up warning and tests, never for clients.
    package var detail: String {
        switch cause {
        case .noBundle: "no resource folder was found"
        case .unreadable(let path, let reason): "\(path) can't be read: \(reason)"
        case .doesNotParse(let path, let reason): "\(path) does not parse: \(reason)"
        case .mismatch(let problems): problems.joined(separator: "; ")
        }
    }

    /// The start-up warning: the cause, and what to do about that cause.
    package var warning: String {
        let remedy = switch cause {
        case .noBundle: "copy LaunchGateServer_LaunchGateServer.resources beside the launchgate binary"
        case .unreadable: "copy LaunchGateServer_LaunchGateServer.resources beside the launchgate binary again, whole, readable by the server's user"
        case .doesNotParse, .mismatch:
            "the resource folder does not belong to this binary: copy the LaunchGateServer_LaunchGateServer.resources built with it"
        }
        return "the web console is off (\(detail)): \(remedy)"
    }

    package var code: String { "console-missing" }
    package var message: String {
        "the console's templates are missing from this build, or damaged; they ship in LaunchGateServer_LaunchGateServer.resources, beside the launchgate binary"
    }
    package var kind: FailureKind { .unavailable }
}
