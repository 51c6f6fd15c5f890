// Stand-in for SwiftUI's TimelineView, for type-checking on Linux only; bodies never run.

public protocol TimelineSchedule {}

public struct PeriodicTimelineSchedule: TimelineSchedule {
    public init(from startDate: Date, by interval: TimeInterval) { fatalError() }
}

public struct EveryMinuteTimelineSchedule: TimelineSchedule {
    public init() { fatalError() }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        fatalError()
    }
}

public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

public struct TimelineView<Schedule: TimelineSchedule, Content> {
    public struct Context {
        public let date: Date
    }
}

extension TimelineView: View where Content: View {
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {
        fatalError()
    }
    public var body: Never { fatalError() }
}
