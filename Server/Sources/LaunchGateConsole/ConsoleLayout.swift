/// What every page's layout shows besides its content: its title and, once signed in, who it is.
/// Chosen by the controller; the renderer wraps it in a ``ConsolePage``.
package struct ConsoleLayout: ConsoleView {
    /// The signed-in bar: the navigation, the name and scope, and what the scope allows.
    package struct SessionBar: ConsoleView {
        package let name: String
        package let scope: String
        package let isAdmin: Bool
        package let canPublish: Bool
    }

    package let title: String
    /// The CSRF token every form of the page carries: the session's, or the sign-in form's.
    package let csrf: String
    /// Who is signed in, for the navigation and the sign-out form; `nil` before sign-in.
    package let session: SessionBar?

    /// The layout for a signed-in page.
    package init(_ signed: ConsoleSessions.Signed, title: String) {
        self.init(title: title, csrf: signed.csrf, session: SessionBar(
            name: signed.token.name, scope: signed.token.scope.rawValue, isAdmin: signed.token.scope >= .admin,
            canPublish: signed.token.scope >= .publish))
    }

    /// The layout for a page before sign-in (`session` `nil`), or any other.
    package init(title: String, csrf: String, session: SessionBar? = nil) {
        (self.title, self.csrf, self.session) = (title, csrf, session)
    }
}
