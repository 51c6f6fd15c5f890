#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's cap on open files, which is also a cap on connections.
///
/// `--max-connections` defaults to 2,000, while shells often start processes with a soft limit
/// of 1,024: past that, `accept` fails and the configured cap would mean nothing. At start-up the
/// soft limit is raised as far as the hard limit allows, and `serve` warns when it still falls short.
public enum OpenFileLimit {
    /// Files kept aside for the database, logs, the key file and listening sockets.
    static let reserve = 64

    /// Raises the soft limit towards `connections` plus a reserve, never above the hard limit.
    /// - Returns: The soft limit now, and whether it fits `connections`.
    public static func raise(toFit connections: Int) -> (limit: Int, fits: Bool) {
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return (0, false) }
        let wanted = rlim_t(connections + reserve)
        if limits.rlim_cur < wanted {
            var raised = limits
            raised.rlim_cur = min(wanted, limits.rlim_max)
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        let limit = limits.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limits.rlim_cur)
        return (limit, limit >= connections + reserve)
    }
}
