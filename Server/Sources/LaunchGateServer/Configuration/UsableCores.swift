import Foundation
import NIOCore

/// How many cores the server may run on: the event loop threads it starts by default.
///
/// NIO's count follows the machine and a container's CPU quota or cpuset, but not the process's
/// CPU affinity (`taskset`, systemd's `CPUAffinity=`, a pinned container runtime). A server pinned
/// to one core of two would run two event loop threads on it, and every answer would cost a
/// switch between them: 3-4 % of the policy hot path's throughput, measured pinned.
public enum UsableCores {
    /// The smaller of NIO's core count and the CPUs this process may run on.
    public static var count: Int {
        guard let allowed = affinityCount, allowed > 0 else { return System.coreCount }
        return min(System.coreCount, allowed)
    }

    /// The CPUs in this process's affinity mask, from the kernel's `Cpus_allowed_list` (such as
    /// `0-3,8`), or `nil` where there is none to read.
    static var affinityCount: Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return nil }
        return cpuCount(list: line.dropFirst("Cpus_allowed_list:".count))
    }

    /// The CPUs a list names (`0-3,8` is five), or `nil` when it doesn't parse.
    static func cpuCount(list: Substring) -> Int? {
        var count = 0
        for range in list.trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let bounds = range.split(separator: "-").map { Int($0) }
            switch bounds.count {
            case 1: guard bounds[0] != nil else { return nil }
                count += 1
            case 2: guard let low = bounds[0], let high = bounds[1], low <= high else { return nil }
                count += high - low + 1
            default: return nil
            }
        }
        return count
    }
}
