import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGatePolicies
@testable import LaunchGateStorage

/// Generated sentences with a count read right for none, one and many: "no installs", "1 install",
/// "2 installs", never "1 installs" or "0 installs".
@Suite("Sentence grammar: every generated count reads right for 0, 1 and many")
struct SentenceGrammarTests {
    /// Counts followed by a noun of the wrong number: "1 installs", "0 sightings", "3 install".
    private func misnumbered(_ text: String) -> [String] {
        let noun = #"(?:more |established |active |rarer \(version, build, OS\) )?(?:iOS |Android )?(?:install|sighting|group|session|combination)"#
        let patterns = [#"(?<![\d,.])1 "# + noun + "s\\b", #"(?<![\d,.])0 "# + noun, #"(?<![\d,.])(?:[2-9]|\d{2,}|\d{1,3}(?:,\d{3})+) "# + noun + "(?!s)\\b"]
        return patterns.flatMap { pattern in
            (try? NSRegularExpression(pattern: pattern)).map { regex in
                regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
            } ?? ["bad pattern \(pattern)"]
        }
    }

    /// An impact on iOS with `count` of everything: active, established, new, blocked, refused and unevaluated.
    private func impact(_ count: Int, blocked: Int? = nil) -> PolicyImpact {
        var impact = PolicyImpact(app: "notes", channel: .production, activeDays: 30, proposed: Samples.policy(required: "2.2.0"), current: Samples.policy())
        let counts = ImpactCounts(installs: count, blocked: blocked ?? count, newlyBlocked: blocked ?? count)
        impact.platforms[.ios] = PlatformImpact(active: counts, established: ImpactCounts(installs: count * 2, blocked: count, newlyBlocked: count),
                                                new: counts, unevaluatedGroups: count, unevaluatedInstalls: count, unevaluatedEstablished: count,
                                                refusedSightings: count, changesBlocking: true, cannotUpdate: count)
        impact.groupLimit = 21_000
        return impact
    }

    // MARK: Tests

    @Test("counts with their noun: no installs, 1 install, 2 installs, 1,240 installs")
    func counts() {
        #expect(FigureText.count(0, "install") == "no installs")
        #expect(FigureText.count(1, "install") == "1 install")
        #expect(FigureText.count(2, "install") == "2 installs")
        #expect(FigureText.count(1_240, "iOS install") == "1,240 iOS installs")
        #expect(FigureText.count(1, "person", "people") == "1 person" && FigureText.count(3, "person", "people") == "3 people")
    }

    @Test("the checker catches a count of the wrong number, so the sentences it passes are checked")
    func checkerCatches() {
        #expect(misnumbered("Plus 1 installs first seen today") == ["1 installs"])
        #expect(misnumbered("refused 0 iOS sightings") == ["0 iOS sighting"])
        #expect(misnumbered("leave out 3 install in") == ["3 install"])
        #expect(misnumbered("1 install, 2 installs, 1,000 iOS installs, 14 of them").isEmpty)
    }

    @Test("impact sentences read right with one, two and many of each count", arguments: [1, 2, 1_000])
    func impactSentences(_ count: Int) {
        for blocked in [0, 1, count] where blocked <= count {
            let sentences = ImpactSentences(impact(count, blocked: blocked)).sentences
            for sentence in sentences { #expect(misnumbered(sentence).isEmpty, "\(misnumbered(sentence)) in \(sentence)") }
        }
    }

    @Test("one install and none blocked: the sentence says so in words, not with a 0 or a plural")
    func oneInstall() {
        let sentences = ImpactSentences(impact(1, blocked: 0)).sentences
        #expect(sentences.first == "Raising required on iOS to 2.2.0 doesn't block the one iOS install.", "\(sentences)")
        #expect(sentences.contains("1 more iOS install was first seen today (not blocked); it counts in none of these figures until it is seen on another day."))
        let one = ImpactSentences(impact(1)).sentences
        #expect(one.first == "Raising required on iOS to 2.2.0 blocks 1 of 1 iOS install (100 %).", "\(one)")
        #expect(one.contains("1 of the blocked iOS installs runs iOS below 16.0 and can't update at all."), "\(one)")
        #expect(one.contains { $0.hasPrefix("The cap on installs and groups refused 1 iOS sighting in the last 30 days") }, "\(one)")
        #expect(one.contains { $0.hasPrefix("These counts leave out 1 iOS install in 1 rarer (version, build, OS) group not evaluated,") }, "\(one)")
    }

    @Test("a change that blocks nothing on many installs says none, not 0")
    func noneBlocked() {
        let sentences = ImpactSentences(impact(2, blocked: 0)).sentences
        #expect(sentences.first == "Raising required on iOS to 2.2.0 blocks none of the 2 iOS installs.", "\(sentences)")
        #expect(sentences.contains { $0.hasPrefix("2 more iOS installs were first seen today (none of them blocked)") }, "\(sentences)")
    }
}
