import Foundation
import LaunchGate
import Testing

@Suite("Email addresses are trimmed, lowercased and held to the server's rules")
struct EmailAddressTests {
    private func problem(_ text: String) -> SignInError? {
        do { _ = try EmailAddress(text); return nil } catch { return error }
    }

    // MARK: Tests

    @Test("surrounding spaces, tabs and newlines are dropped and the address is lowercased")
    func normalised() throws {
        #expect(try EmailAddress("  Ada.Lovelace@Example.COM \t\n").value == "ada.lovelace@example.com")
        #expect(try EmailAddress("ÉMILE@EXAMPLE.FR").value == "émile@example.fr")
        let address = try EmailAddress("Ada@Example.com")
        #expect(address.localPart == "ada" && address.domain == "example.com")
    }

    @Test("an empty or blank address is refused as invalid_email", arguments: ["", "   ", "\n\t"])
    func empty(text: String) {
        #expect(problem(text) == .invalidEmail)
        #expect(problem(text)?.message == "Enter your email address.")
    }

    @Test("an address needs exactly one @ with something on both sides",
          arguments: ["ada.example.com", "ada@@example.com", "a@b@example.com", "@example.com", "ada@"])
    func oneAt(text: String) {
        #expect(problem(text) == .invalidEmail, "\(text) was accepted")
    }

    @Test("spaces, line breaks and control characters inside are refused",
          arguments: ["ada lovelace@example.com", "ada@exa mple.com", "ada@example.com\r\nBcc: eve@example.com",
                      "ada\n@example.com", "ada\u{0}@example.com", "ada\u{7F}@example.com", "ada\u{00A0}@example.com",
                      "ada\u{1B}[31m@example.com", "ada\u{9B}31m@example.com"])
    func noWhitespaceOrControls(text: String) {
        #expect(problem(text) == .invalidEmail, "\(text.debugDescription) was accepted")
    }

    @Test("a 64-byte local part is accepted and 65 bytes refused, counted in UTF-8 bytes")
    func localPartLength() throws {
        #expect(try EmailAddress(String(repeating: "a", count: 64) + "@example.com").localPart.utf8.count == 64)
        #expect(problem(String(repeating: "a", count: 65) + "@example.com") == .invalidEmail)
        // 32 two-byte characters are 64 bytes; 33 are 66.
        #expect(problem(String(repeating: "é", count: 32) + "@example.com") == nil)
        #expect(problem(String(repeating: "é", count: 33) + "@example.com") == .invalidEmail)
    }

    @Test("a 254-byte address is accepted and 255 bytes refused")
    func totalLength() {
        let local = String(repeating: "a", count: 64) + "@"
        // Labels of 63 bytes, the most a label may have, then the rest.
        let length = 254 - local.utf8.count
        let full = String(repeating: String(repeating: "d", count: 63) + ".", count: length / 64)
        let domain254 = full + String(repeating: "d", count: length - full.utf8.count)
        #expect(domain254.utf8.count == length)
        #expect(problem(local + domain254) == nil)
        #expect(problem(local + domain254 + "d") == .invalidEmail)
        #expect(problem(local + domain254 + "d")?.message.contains("254") == true)
    }

    @Test("decoding applies the same rules, and encoding writes the normalised string")
    func coding() throws {
        let decoded = try JSONDecoder().decode([EmailAddress].self, from: Data(#"[" Ada@Example.com "]"#.utf8))
        #expect(decoded.first?.value == "ada@example.com")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([EmailAddress].self, from: Data(#"["no-at-sign"]"#.utf8)) }
        #expect(String(decoding: try JSONEncoder().encode([decoded[0]]), as: UTF8.self) == #"["ada@example.com"]"#)
    }

    @Test("the characters that make a list or a display name in a mail header are refused",
          arguments: ["ada@example.com,eve@example.com", "Ada<ada@example.com>", "ada@example.com>", "\"ada\"@example.com",
                      "ada(comment)@example.com", "ada;eve@example.com", "ada:x@example.com", "ada@[127.0.0.1]", "a\\b@example.com"])
    func specials(text: String) {
        #expect(problem(text) == .invalidEmail, "\(text) was accepted")
        #expect(EmailAddress.problem(with: EmailAddress.normalize(text)) == .specialCharacter, "\(text)")
        #expect(problem(text)?.message.contains("can't contain any of") == true)
    }

    @Test("a domain with an empty label, a label over 63 bytes or a label starting or ending with a hyphen is refused: example.com. is not a second example.com",
          arguments: ["ada@example.com.", "ada@.example.com", "ada@example..com", "ada@example.com..",
                      "ada@" + String(repeating: "d", count: 64) + ".com",
                      "a@-example.com", "a@example-.com", "a@mail.-example.com", "a@example.com-", "a@-.com"])
    func malformedDomain(text: String) {
        #expect(EmailAddress.problem(with: EmailAddress.normalize(text)) == .malformedDomain, "\(text)")
        #expect(problem(text)?.message.contains("after the @") == true)
        #expect(problem("ada@" + String(repeating: "d", count: 63) + ".com") == nil, "63 bytes is a label")
        #expect(problem("ada@my-example.com") == nil, "a hyphen inside a label is fine")
        #expect(problem("ada@xn--exmple-cua.com") == nil, "so is a punycode label's double hyphen")
    }

    @Test("plus, dots, dashes, underscores and non-ASCII letters stay allowed")
    func ordinaryCharacters() {
        for text in ["ada+news@example.com", "a.d-a_l@sub.example.co.uk", "émile@exemple.fr", "o'brien@example.com"] {
            #expect(problem(text) == nil, "\(text)")
        }
    }

    @Test("precomposed and decomposed spellings of an address normalise to the same bytes (NFC)")
    func canonicalForm() throws {
        let precomposed = "zo\u{EB}@exampl\u{E9}.com"
        for typed in [precomposed, "zoe\u{308}@example\u{301}.com", "ZOE\u{308}@EXAMPLE\u{301}.COM", " Zo\u{CB}@Exampl\u{C9}.com "] {
            // Swift's == calls canonically equivalent strings equal; a database compares bytes.
            #expect(Array(try EmailAddress(typed).value.utf8) == Array(precomposed.utf8), "\(typed.unicodeScalars.map(\.value))")
            #expect(Array(EmailAddress.normalize(typed).utf8) == Array(precomposed.utf8))
        }
    }

    @Test("invisible characters (format and default-ignorable code points) are refused, with a message that says so",
          arguments: ["ada\u{200B}@example.com", "ada@exam\u{202E}moc.elp", "ada@exa\u{FEFF}mple.com", "ad\u{AD}a@example.com",
                      "ada\u{2060}@example.com", "ada\u{200D}@example.com", "ada\u{E0041}@example.com", "ada\u{FE0F}@example.com",
                      "ada\u{34F}@example.com", "ada\u{115F}@example.com"])
    func invisibleCharacters(text: String) {
        #expect(problem(text) == .invalidEmail, "\(text.unicodeScalars.map(\.value)) was accepted")
        #expect(EmailAddress.problem(with: EmailAddress.normalize(text)) == .invisibleCharacter)
        #expect(problem(text)?.message.contains("invisible") == true)
    }

    @Test("a domain of one label, with an all-digit top-level label or an unbracketed IP address is refused, so no code is mailed to a host on the sender's own network",
          arguments: [("a@localhost", EmailAddress.Problem.partMissing), ("a@123", .partMissing), ("a@127.0.0.1", .malformedDomain),
                      ("a@1.2.3.4", .malformedDomain), ("a@0x7f.1", .malformedDomain), ("a@example.123", .malformedDomain)])
    func domainShape(text: String, expected: EmailAddress.Problem) {
        #expect(problem(text) == .invalidEmail, "\(text) was accepted")
        #expect(EmailAddress.problem(with: EmailAddress.normalize(text)) == expected)
    }

    @Test("a local part that starts or ends with a dot or has two in a row is refused (RFC 5322's dot-atom)",
          arguments: [".a@x.com", "a.@x.com", "a..b@x.com", ".@x.com"])
    func dotAtom(text: String) {
        #expect(problem(text) == .invalidEmail, "\(text) was accepted")
        #expect(EmailAddress.problem(with: EmailAddress.normalize(text)) == .partMissing)
    }

    @Test("a domain with ideographic or full-width dots or letters is refused: IDNA maps it to example.com, which would give one mailbox several addresses, each with limits of its own",
          arguments: ["a@example\u{3002}com", "a@example\u{FF0E}com", "a@example\u{FF61}com", "a@\u{FF45}xample.com", "a@EXAMPLE\u{FF0E}COM",
                      "a@\u{FF21}BC.com", "a@exa\u{FB01}le.com"])
    func compatibilityForms(text: String) {
        #expect(problem(text) == .invalidEmail, "\(text.unicodeScalars.map(\.value)) was accepted")
        #expect(EmailAddress.problem(with: EmailAddress.normalize(text)) == .malformedDomain)
    }

    @Test("international domains, subdomains, plus-addressing, dotted local parts and digits in labels stay accepted",
          arguments: ["a@b\u{FC}cher.de", "a@xn--bcher-kva.de", "a@sub.example.co.uk", "a+tag@x.com", "ada.b.lovelace@x.com",
                      "a@123.example.com", "a@example.c0m", "\u{FC}ser@b\u{FC}cher.de", "a@\u{4F8B}\u{5B50}.\u{4E2D}\u{56FD}"])
    func stillAccepted(text: String) {
        #expect(problem(text) == nil, "\(text) was refused: \(problem(text)?.message ?? "")")
    }
}
