import Foundation
import Testing
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

@Suite("Webhook signatures follow Standard Webhooks: the spec's vector, a drawn secret's form, and what a receiver refuses")
struct WebhookSignatureTests {
    /// The test vector of the Standard Webhooks reference libraries.
    private let secret = WebhookSecret(text: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")!
    private let body = Data(#"{"test": 2432232314}"#.utf8)
    private let sent = Date(timeIntervalSince1970: 1_614_265_330)

    @Test("the spec's example signs to the spec's signature, in the three headers")
    func specVector() {
        let signature = WebhookSignature(body: body, id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: sent, secret: secret)
        #expect(signature.signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        #expect(signature.headers.map(\.name) == ["webhook-id", "webhook-timestamp", "webhook-signature"])
        #expect(signature.headers[1].value == "1614265330")
    }

    @Test("a secret is whsec_ and the base64 of 32 drawn bytes, and reads back as the same key")
    func secretForm() {
        let drawn = WebhookSecret(random: FixedBytes(byte: 7))
        #expect(drawn.text == "whsec_" + Data(repeating: 7, count: 32).base64EncodedString())
        #expect(WebhookSecret(text: drawn.text) == drawn)
        #expect(WebhookSecret(text: "sk_" + Data(repeating: 7, count: 32).base64EncodedString()) == nil)
    }

    @Test("a receiver accepts the signed body and refuses another body, another secret, another ID and a stale timestamp")
    func verification() {
        let signature = WebhookSignature(body: body, id: "msg_1", timestamp: sent, secret: secret)
        let headers = Dictionary(uniqueKeysWithValues: signature.headers.map { ($0.name, $0.value) })
        let read = WebhookSignature(headers: { headers[$0] })!
        #expect(read.verifies(body: body, secret: secret, now: sent.addingTimeInterval(60)))
        #expect(!read.verifies(body: Data(#"{"test": 1}"#.utf8), secret: secret, now: sent))
        #expect(!read.verifies(body: body, secret: WebhookSecret(random: FixedBytes(byte: 1)), now: sent))
        #expect(!read.verifies(body: body, secret: secret, now: sent.addingTimeInterval(WebhookSignature.tolerance + 1)), "a replay past the tolerance")
        var renamed = headers
        renamed["webhook-id"] = "msg_2"
        #expect(!WebhookSignature(headers: { renamed[$0] })!.verifies(body: body, secret: secret, now: sent))
    }

    @Test("one of several space-separated signatures is enough, as during a secret's rotation")
    func rotation() {
        let signature = WebhookSignature(body: body, id: "msg_1", timestamp: sent, secret: secret)
        let both = ["webhook-id": "msg_1", "webhook-timestamp": "1614265330", "webhook-signature": "v1,AAAA " + signature.signature]
        #expect(WebhookSignature(headers: { both[$0] })!.verifies(body: body, secret: secret, now: sent))
    }
}

/// Every byte the same.
struct FixedBytes: RandomSource {
    let byte: UInt8
    func bytes(_ count: Int) -> [UInt8] { Array(repeating: byte, count: count) }
}
