/// Why the console turned a request away before any service saw it. The console's middleware
/// answers these with a redirect or a page; they never reach the JSON error shape.
enum ConsoleError: Error, Equatable {
    /// No valid session: the browser is sent to the sign-in page.
    case signInRequired
    /// A form without this session's CSRF token (or with another's).
    case csrfFailed
    /// Over one of ``ConsoleLimits``' budgets: a 429 page with `Retry-After`.
    /// - Parameters:
    ///   - retryAfter: Seconds until the next request is accepted.
    ///   - what: What was limited, plural, for the page: "previews", "sign-ins".
    case rateLimited(retryAfter: Int, what: String)
    /// A form without a field its buttons always send (edited or cut short): a 400 page that
    /// says, in the form's words, what was missing.
    /// - Parameter what: What to do, as a sentence: "Choose the revision to roll back to."
    case incompleteForm(String)
}
