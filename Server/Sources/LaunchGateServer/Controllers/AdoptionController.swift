import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate
import LaunchGateAdoption
import LaunchGateHTTP
import LaunchGateStorage

/// `GET /v1/admin/apps/{app}/adoption`: active installs per version, build and OS, and the
/// daily history since a date, a page of `limit` entries per list at a time. Read scope.
struct AdoptionController<Context: RemoteAddressRequestContext> {
    let adoption: AdoptionService
    let authenticator: AdminAuthenticator

    /// The windows reported when `days` is not given.
    static var defaultWindows: [Int] { [1, 7, 30] }

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        router.get("/v1/admin/apps/:app/adoption") { request, context in
            try await authenticator.authorize(request, context, .read)
            let query = request.uri.queryParameters
            let platform = try QueryValues.platform(query.get("platform"), default: nil)
            let maximum = adoption.maximumDays
            let windows = try QueryValues.days(query.get("days"), maximum: maximum).map { [$0] } ?? Self.defaultWindows.filter { $0 <= maximum }
            var since: Date?
            if let text = query.get("since"), !text.isEmpty {
                guard let day = AdoptionReport.day(text) else { throw InputError.invalidParameter("since", "a date such as 2025-03-01") }
                since = InstallDay.start(day)
            }
            let limit = try QueryValues.number(query.get("limit"), name: "limit", in: 1...AdoptionReport.maximumLimit, default: AdoptionReport.defaultLimit)
            let page = try QueryValues.number(query.get("page"), name: "page", in: 1...AdoptionReport.maximumPage, default: 1)
            return try RequestValues.json(try await adoption.report(app: context.parameters.require("app"), platform: platform,
                                                                     windows: windows, since: since, limit: limit, page: page))
        }
        return router
    }
}
