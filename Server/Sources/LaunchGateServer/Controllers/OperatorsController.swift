import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateHTTP
import LaunchGateSignIn
import LaunchGateStorage

/// Console operators under the admin API, admin scope only: the same ``OperatorService`` as
/// `launchgate operators` and the console's Operators page.
struct OperatorsController<Context: RemoteAddressRequestContext> {
    let operators: OperatorService
    let authenticator: AdminAuthenticator

    struct Add: Decodable {
        let email: String
        let scope: String
    }

    struct Operator: Encodable {
        let email: String
        let scope: TokenScope
        let createdAt: Date

        init(_ record: OperatorRecord) {
            email = record.email
            scope = record.scope
            createdAt = record.createdAt
        }
    }

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        let admin = router.group("/v1/admin/operators")
        admin.get { request, context in
            try await authenticator.authorize(request, context, .admin)
            return try RequestValues.json(try await operators.list().map(Operator.init))
        }
        admin.post { request, context in
            try await authenticator.authorize(request, context, .admin)
            let body = try await RequestValues.body(Add.self, from: request, context: context)
            guard let scope = TokenScope(rawValue: body.scope) else { throw OperatorError.invalidScope(body.scope) }
            return try RequestValues.json(Operator(try await operators.add(email: body.email, scope: scope)), status: .created)
        }
        admin.delete("/:email") { request, context in
            try await authenticator.authorize(request, context, .admin)
            guard let email = try context.parameters.require("email").removingPercentEncoding else { throw InputError.invalidPathParameter("email") }
            try await operators.remove(email: email)
            return Response(status: .noContent)
        }
        return router
    }
}
