import Foundation
import Hummingbird
import NIOCore

/// The sign-in wire format of docs/sign-in.md, read and rendered in one place: seed 002's shapes
/// (`status`, `message`, `is_new_user`) with LaunchGate's fields added.
enum SignInWire {
    /// The most bytes a request body may have.
    static let maximumBodySize = 4096

    // MARK: Requests

    struct SendCode: Decodable {
        let email: String
    }

    struct VerifyCode: Decodable {
        let email: String
        let code: String
        let deviceID: String

        enum CodingKeys: String, CodingKey {
            case email, code
            case deviceID = "device_id"
        }
    }

    /// Reads a request body as `T`, or says in words what is wrong with it.
    /// - Throws: ``SignInServiceError`` `invalid_request`.
    static func read<T: Decodable>(_ type: T.Type, from request: Request, example: String) async throws -> T {
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: maximumBodySize) } catch is NIOTooManyBytesError {
            throw SignInServiceError.invalidRequest("the body is larger than \(maximumBodySize / 1024) KiB")
        }
        guard buffer.readableBytes > 0 else { throw SignInServiceError.invalidRequest("the body is empty; send JSON such as \(example)") }
        do { return try JSONDecoder().decode(type, from: Data(buffer: buffer)) } catch {
            throw SignInServiceError.invalidRequest(describe(error, example: example))
        }
    }

    /// Empties a body that carries nothing (sign-out's `{}`), still refusing one over the cap.
    static func drain(_ request: Request) async throws {
        do { _ = try await request.body.collect(upTo: maximumBodySize) } catch is NIOTooManyBytesError {
            throw SignInServiceError.invalidRequest("the body is larger than \(maximumBodySize / 1024) KiB")
        }
    }

    private static func describe(_ error: any Error, example: String) -> String {
        func path(_ context: DecodingError.Context) -> String { context.codingPath.map(\.stringValue).joined(separator: ".") }
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "\"\(key.stringValue)\" is missing; send JSON such as \(example)"
        case .valueNotFound(_, let context)?: return "\"\(path(context))\" is null; it must be a string"
        case .typeMismatch(_, let context)?:
            return context.codingPath.isEmpty ? "the body must be a JSON object such as \(example)" : "\"\(path(context))\" must be a string"
        default: return "the body is not valid JSON; send JSON such as \(example)"
        }
    }

    // MARK: Answers

    struct User: Encodable {
        let id: String
        let email: String
        let createdAt: Date
        let lastSignInAt: Date

        init(_ user: UserRecord) {
            id = user.id
            email = user.email
            createdAt = user.createdAt
            lastSignInAt = user.lastSignInAt
        }

        enum CodingKeys: String, CodingKey {
            case id, email
            case createdAt = "created_at"
            case lastSignInAt = "last_sign_in_at"
        }
    }

    struct CodeSent: Encodable {
        let status = "success"
        let message: String
        let codeLength: Int
        let expiresIn: Int
        let resendAfter: Int

        init(_ sent: SignInService.CodeSent) {
            message = "If \(sent.email) can sign in, a code is on its way."
            codeLength = sent.codeLength
            expiresIn = sent.expiresIn
            resendAfter = sent.resendAfter
        }

        enum CodingKeys: String, CodingKey {
            case status, message
            case codeLength = "code_length"
            case expiresIn = "expires_in"
            case resendAfter = "resend_after"
        }
    }

    struct SignedIn: Encodable {
        let status = "success"
        let message = "Signed in."
        let isNewUser: Bool
        let sessionToken: String
        let expiresAt: Date
        let user: User

        init(_ signedIn: SignInService.SignedIn) {
            isNewUser = signedIn.completion.isNewUser
            sessionToken = signedIn.token
            expiresAt = signedIn.completion.session.expiresAt
            user = User(signedIn.completion.user)
        }

        enum CodingKeys: String, CodingKey {
            case status, message, user
            case isNewUser = "is_new_user"
            case sessionToken = "session_token"
            case expiresAt = "expires_at"
        }
    }

    struct Session: Encodable {
        let status = "success"
        let expiresAt: Date
        let deviceID: String
        let user: User

        init(_ session: SessionRecord, _ user: UserRecord) {
            expiresAt = session.expiresAt
            deviceID = session.deviceID
            self.user = User(user)
        }

        enum CodingKeys: String, CodingKey {
            case status, user
            case expiresAt = "expires_at"
            case deviceID = "device_id"
        }
    }

    struct SignedOut: Encodable {
        let status = "success"
        let message = "Signed out."
    }

    struct Failure: Encodable {
        let status = "error"
        let message: String
        let error: String
    }

    /// A JSON answer that no cache may keep: it carries a session or says something about one.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        // Encoding strings, numbers and dates can't fail; the fallback keeps the seed's shape if it ever did.
        let body = (try? RequestValues.jsonBytes(value))
            ?? ByteBuffer(string: #"{"status":"error","message":"The answer could not be encoded.","error":"internal"}"#)
        return Response(status: status, headers: fields, body: .init(byteBuffer: body))
    }
}
