import Foundation

extension LaunchGateError {
    /// What a developer can do about a failed check of `policyURL`: the causes a first run in the
    /// Simulator or on a phone meets (App Transport Security, localhost, a key from another
    /// server, no policy published), in words. Logged by a debug build's one-line setup.
    /// - Parameter policyURL: The URL the check read.
    /// - Returns: A sentence or two; a general one when nothing more specific applies.
    public func developerHint(policyURL: URL) -> String {
        let host = policyURL.host?.lowercased() ?? ""
        let isLoopback = host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]"
        switch code {
        case "transport" where policyURL.scheme?.lowercased() == "http" && isLoopback:
            return "In the Simulator, App Transport Security blocks http://\(host) unless the app's Info.plist sets "
                + "NSAppTransportSecurity > NSAllowsLocalNetworking to YES, and the server must be running "
                + "(`swift run --package-path Server launchgate serve --demo`). On a phone, localhost is the phone "
                + "itself: use the server's https address instead."
        case "transport", "timeout":
            return "The device may be offline, or \(host.isEmpty ? "the host" : host) can't be reached or its certificate "
                + "isn't trusted. A phone reaches a server on your Mac only by the Mac's network address, over https."
        case "http-status":
            return "Check that the URL is the policy's (`…/v1/apps/{app}/policy?platform=…`) and that a policy is "
                + "published for this app and platform (`launchgate policy publish`)."
        case "signature-missing":
            return "The answer isn't signed: a LaunchGate server signs its policies, other formats are not signed "
                + "(leave the key out for them)."
        case "signature-invalid":
            return "The pinned key isn't the one this server signs with: copy it from `launchgate keys show` on that server."
        case "subject-mismatch", "subject-missing":
            return "The URL's app, channel and platform must be the ones the policy was published for."
        case "content-type", "malformed", "invalid-policy":
            return "The URL answers something that isn't a policy: open it in a browser to see what it sends."
        default:
            return "The app opened as if no policy were published; a known required update stays enforced from the cache."
        }
    }
}
