#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Named apart from the libc calls they wrap: inside `Database` and `MasterKey`, whose own
// `open`, `read` and `close` methods would otherwise shadow them.

/// open(2), with the mode for O_CREAT.
func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 { open(path, flags, mode) }

/// close(2).
func systemClose(_ descriptor: Int32) { _ = close(descriptor) }

/// strerror(3) for an errno value.
func systemMessage(_ code: Int32) -> String { String(cString: strerror(code)) }
