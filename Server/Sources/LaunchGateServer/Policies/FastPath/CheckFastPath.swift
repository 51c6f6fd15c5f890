import Foundation
@_spi(LaunchGateServer) import LaunchGate
import NIOCore

/// Answers `GET /v1/apps/{app}/check?…` on the fast path, from answers the router has already
/// encoded, so thin clients cost about what a policy download does.
///
/// It reads the raw target strictly (``CheckQuery/init(rawQuery:)``), makes the same
/// ``CheckAnswerKey`` the router makes from the policy kept in memory, and answers only when that
/// key has an encoded answer. Anything else (a first request after a publish, a value the router
/// would refuse, percent-encoding) is the router's, which encodes the answer for next time.
struct CheckFastPath: Sendable {
    let cache: DocumentCache
    let date: HTTPDateHeader
    /// The policy service's clock, which advances scheduled rollouts.
    let now: @Sendable () -> Date
    /// Where answered requests' `LaunchGate-Client` values go, when installs are recorded.
    var sightings: SightingIntake? = nil

    private static let prefix = Array("/v1/apps/".utf8)
    private static let suffix = Array("/check".utf8)
    /// Everything before the `Date` line but the length, as the router's answers carry it.
    private static let head = "HTTP/1.1 200 OK\r\nserver: LaunchGate\r\ncontent-type: application/json; charset=utf-8\r\n"
        + "cache-control: private, no-store\r\ncontent-length: "

    /// The complete response to a request for the `/check` target `target`, given its
    /// `LaunchGate-Client` value if it sent one; `nil` when the router must answer it.
    /// - Parameters:
    ///   - split: What ``split(_:)`` made of `target`; the caller splits first, so a target that
    ///     is not a `/check` costs no copy of this value.
    ///   - client: The key the request's client counts under (``SightingIntake/clientKey(peer:forwardedFor:)``),
    ///     read only when the request is answered with a `LaunchGate-Client` value.
    func answer(target: UnsafeRawBufferPointer, split: (appEnd: Int, queryStart: Int), clientHeader: UnsafeRawBufferPointer?,
                client: () -> Int = { 0 }) -> ByteBuffer? {
        let app = String(decoding: UnsafeRawBufferPointer(rebasing: target[Self.prefix.count..<split.appEnd]), as: UTF8.self)
        guard let query = CheckQuery(rawQuery: UnsafeRawBufferPointer(rebasing: target[split.queryStart...])),
              let policy = cache.policy(for: ServedPolicyKey(app: app, channel: query.channel)) else { return nil }
        let key = CheckAnswerKey(app: app, query: query, policy: policy, now: now()) {
            clientHeader.flatMap { ClientHeader.parse(String(decoding: $0, as: UTF8.self)) }
        }
        guard let body = cache.answer(for: key) else { return nil }
        if let sightings, let clientHeader { sightings.note(app: app, header: clientHeader, client: client()) }
        let dateLine = date.line(second: date.second)
        var response = ByteBuffer()
        response.reserveCapacity(Self.head.utf8.count + 24 + dateLine.readableBytes + body.readableBytes)
        response.writeString(Self.head)
        response.writeString(String(body.readableBytes))
        response.writeString("\r\n")
        response.writeImmutableBuffer(dateLine)
        response.writeImmutableBuffer(body)
        return response
    }

    /// Where the app's name ends and the query starts, for `/v1/apps/{app}/check?{query}` with a
    /// non-empty app of letters, digits, `-`, `_`, `.` and `~`; `nil` for any other target.
    static func split(_ target: UnsafeRawBufferPointer) -> (appEnd: Int, queryStart: Int)? {
        guard target.count > prefix.count + suffix.count + 1,
              prefix.withUnsafeBytes({ UnsafeRawBufferPointer(rebasing: target[..<prefix.count]).hasSameBytes(as: $0) }) else { return nil }
        var index = prefix.count
        while index < target.count, isAppByte(target[index]) { index += 1 }
        let appEnd = index
        guard appEnd > prefix.count, appEnd + suffix.count < target.count,
              suffix.withUnsafeBytes({ UnsafeRawBufferPointer(rebasing: target[appEnd..<(appEnd + suffix.count)]).hasSameBytes(as: $0) }),
              target[appEnd + suffix.count] == UInt8(ascii: "?") else { return nil }
        return (appEnd, appEnd + suffix.count + 1)
    }

    private static func isAppByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"): true
        default: false
        }
    }
}
