import HTTPTypes

extension HTTPRequest.Method {
    /// The methods the console answers on paths no page has (and the unavailable console on every
    /// path), so that none of them falls through to the API's JSON 404.
    static let answeredByConsole: [HTTPRequest.Method] = [.get, .post, .head, .put, .delete, .patch, .options]
}
