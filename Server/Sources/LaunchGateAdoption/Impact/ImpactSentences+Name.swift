import LaunchGate

extension ImpactSentences {
    /// The platform's name as people write it: "iOS", "Android", never the key `ios`. Counts and
    /// shares are worded by ``FigureText``, which the console and the CLI use for other figures too.
    public static func name(_ platform: Platform) -> String {
        platform.osName
    }
}
