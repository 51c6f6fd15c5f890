import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate
import LaunchGateAppStore
import LaunchGateHTTP
import LaunchGateStorage

extension ConsoleController {
    /// The App Store page's forms, with the admin API's scopes: linking, unlinking and syncing
    /// change what is published (publish); the App Store Connect key is a secret (admin).
    func addAppStoreRoutes(to console: RouterGroup<Context>) {
        console.post("/apps/:app/appstore/link") { request, context in try await linkAppStore(request, context) }
        console.post("/apps/:app/appstore/unlink") { request, context in try await unlinkAppStore(request, context) }
        console.post("/apps/:app/appstore/sync") { request, context in try await syncAppStore(request, context) }
        console.post("/apps/:app/appstore/credentials") { request, context in try await setAppStoreCredentials(request, context) }
        console.post("/apps/:app/appstore/credentials/remove") { request, context in try await removeAppStoreCredentials(request, context) }
    }

    /// The forms' part of the App Store page: the notice a post's redirect named, and the stored key's IDs.
    func appStoreForms(_ request: Request, _ signed: ConsoleSessions.Signed, app: String, problems: [String] = [],
                       form: (AppStoreFormsView.Form, ConsoleForm)? = nil, error: ConsoleFormError? = nil) async throws -> AppStoreFormsView {
        let key = try await appStoreActions?.keys.summary(app: app)
        return AppStoreFormsView(scope: signed.token.scope, key: key, notice: Self.appStoreNotice(request), problems: problems, form: form, error: error)
    }

    /// Links or relinks a platform through ``AppStoreLinkService``, as `launchgate appstore link` does.
    package func linkAppStore(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request, .publish)
        let app = try await app(context)
        let refused = { (error: ConsoleFormError) in
            try await appStorePage(request, context, forms: try await appStoreForms(request, signed, app: app.id, form: (.link, form), error: error),
                                   status: .badRequest)
        }
        guard let service = appStore else { throw ConsoleError.incompleteForm("This server does not follow the App Store.") }
        guard let platform = form["platform"].flatMap(Platform.init(rawValue:)) else {
            return try await refused(ConsoleFormError(field: .platform, message: "Choose the platform to link."))
        }
        do {
            let identity = form["identityKind"] == "appleId"
                ? try AppStoreIdentity.parse(bundleID: nil, appleID: form["identity"] ?? "")
                : try AppStoreIdentity.parse(bundleID: form["identity"] ?? "", appleID: nil)
            // Typed codes may be separated by commas, spaces or both; each reaches the service's rules trimmed.
            let storefronts = (form["storefronts"] ?? "").split { $0 == "," || $0.isWhitespace }.map(String.init)
            try await service.link(app: app.id, platform: platform, identity: identity, storefronts: storefronts,
                                   pins: try AppStoreLinkService.pins(form.all("pins")))
        } catch let error as AppStoreLinkError {
            return try await refused(ConsoleFormError(error))
        }
        return ConsoleRenderer.redirect("/console/apps/\(app.id)/appstore?linked=\(platform.rawValue)")
    }

    /// The App Store page again with a link's error among its problems: a platform that isn't
    /// linked (404), or an unlink whose withdrawal was refused (409).
    private func appStoreLinkProblem(_ request: Request, _ context: Context, _ signed: ConsoleSessions.Signed, app: String,
                                     _ error: AppStoreLinkError) async throws -> Response {
        let forms = try await appStoreForms(request, signed, app: app, problems: [ConsoleFormError.sentence(error.message)])
        return try await appStorePage(request, context, forms: forms, status: error.kind == .conflict ? .conflict : .notFound)
    }

    /// Unlinks a platform, withdrawing its per-storefront versions; the rest of what was published stays.
    package func unlinkAppStore(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request, .publish)
        let app = try await app(context)
        guard let service = appStore, let platform = form["platform"].flatMap(Platform.init(rawValue:)) else {
            throw ConsoleError.incompleteForm("Choose the platform to unlink.")
        }
        let withdrew: Bool
        do {
            withdrew = try await service.unlink(app: app.id, platform: platform)
        } catch let error as AppStoreLinkError {
            return try await appStoreLinkProblem(request, context, signed, app: app.id, error)
        }
        return ConsoleRenderer.redirect("/console/apps/\(app.id)/appstore?unlinked=\(platform.rawValue)\(withdrew ? "&withdrawn=storefronts" : "")")
    }

    /// Polls a link now with the serve-wide poller's rules; a failed poll's errors show on the page.
    package func syncAppStore(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request, .publish)
        let app = try await app(context)
        guard let actions = appStoreActions, let platform = form["platform"].flatMap(Platform.init(rawValue:)) else {
            throw ConsoleError.incompleteForm("Choose the platform to sync.")
        }
        // The Accept button beside a held answer names its version (attack s15, 4).
        let accept = try form["accept"].map { text in
            do { return try AppVersion(parsing: text) } catch { throw ConsoleError.incompleteForm("'\(text.prefix(40))' is not a version to accept.") }
        }
        let report: AppStorePollReport
        do {
            report = try await actions.sync(app.id, platform, form["reset"] != nil, accept)
        } catch let error as AppStoreLinkError {
            return try await appStoreLinkProblem(request, context, signed, app: app.id, error)
        }
        // Each error starts with its storefront's code ("us: …"), which stays as the form typed it.
        let found: [String] = switch report.outcome {
        case .failed(let errors): errors
        case .refused(let reason): [ConsoleFormError.sentence(reason)] + report.problems
        case .published, .unchanged, .raced, .paced: report.problems
        }
        // Held answers wait for the operator: a sync that met one isn't done (attack s14, 4).
        let held = report.implausible.map { "ignored, accepted only with Accept or Reset: \($0.line(app: app.id, platform: platform))" }
        // The box sits above every platform's card: each line names the platform synced.
        let problems = (found + held).map { "\(platform.rawValue) · \($0)" }
        guard problems.isEmpty else {
            // The poll ran: what answered was applied, so the page shows the rest and a 200.
            return try await appStorePage(request, context, forms: try await appStoreForms(request, signed, app: app.id, problems: problems))
        }
        return ConsoleRenderer.redirect("/console/apps/\(app.id)/appstore?synced=\(report.outcome.metricLabel)")
    }

    /// Stores an app's App Store Connect key; a key that isn't P-256 PEM or an odd ID comes back next to its field.
    package func setAppStoreCredentials(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request, .admin)
        let app = try await app(context)
        guard let actions = appStoreActions else { throw ConsoleError.incompleteForm("This server keeps no App Store Connect keys.") }
        do {
            // The key is read as sent: a PEM's line breaks are part of it.
            try await actions.keys.set(app: app.id, issuerID: form["issuerId"] ?? "", keyID: form["keyId"] ?? "", privateKeyPEM: form.raw("privateKey") ?? "")
        } catch let error as AppStoreConnectError {
            let forms = try await appStoreForms(request, signed, app: app.id, form: (.credentials, form), error: ConsoleFormError(error))
            return try await appStorePage(request, context, forms: forms, status: .badRequest)
        } catch let error as MasterKeyError {
            let forms = try await appStoreForms(request, signed, app: app.id, form: (.credentials, form),
                                                error: ConsoleFormError(field: nil, message: ConsoleFormError.sentence(error.description)))
            return try await appStorePage(request, context, forms: forms, status: .serviceUnavailable)
        }
        return ConsoleRenderer.redirect("/console/apps/\(app.id)/appstore?credentials=set")
    }

    /// Forgets an app's App Store Connect key.
    package func removeAppStoreCredentials(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, _) = try await sessionAndForm(request, .admin)
        let app = try await app(context)
        guard let actions = appStoreActions else { throw ConsoleError.incompleteForm("This server keeps no App Store Connect keys.") }
        do {
            try await actions.keys.remove(app: app.id)
        } catch let error as AppStoreConnectError {
            let forms = try await appStoreForms(request, signed, app: app.id, problems: [ConsoleFormError.sentence(error.message)])
            return try await appStorePage(request, context, forms: forms, status: .notFound)
        }
        return ConsoleRenderer.redirect("/console/apps/\(app.id)/appstore?credentials=removed")
    }

    /// The notice a form's redirect asked for, from values it names (never text from the address).
    static func appStoreNotice(_ request: Request) -> String? {
        let query = request.uri.queryParameters
        if let platform = query.get("linked").flatMap(Platform.init(rawValue:)) {
            return "Linked \(platform.rawValue) to the App Store; its first poll is due now."
        } else if let platform = query.get("unlinked").flatMap(Platform.init(rawValue:)) {
            // Withdrawn only when some were published (attack s15b, 8).
            return query.get("withdrawn") == "storefronts" ? "Unlinked \(platform.rawValue); its per-storefront versions were withdrawn, the rest stays as published."
                : "Unlinked \(platform.rawValue); it had no per-storefront versions published, and its policy stays as published."
        } else if let result = query.get("synced") {
            switch result {
            case "published": return "Synced: a revision was published with what the App Store serves."
            case "unchanged": return "Synced: the published policy already says what the App Store serves."
            case "raced": return "Synced, but another publish came first; the next poll looks again."
            default: return nil
            }
        } else if let credentials = query.get("credentials") {
            return credentials == "set" ? "Stored the App Store Connect key." : credentials == "removed" ? "Removed the App Store Connect key." : nil
        }
        return nil
    }
}
