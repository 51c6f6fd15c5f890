import NIOCore

/// What one fast-path connection remembers between its requests: the last target and what
/// answers it, and the last complete answers built, so a repeat (an SDK polling, a pipeline of
/// the same GET) costs neither a string, a lookup, nor a buffer built again.
struct FastPathMemo {
    private var lastTarget: [UInt8] = []
    private var lastPrepared: PreparedResponse?
    private var lastGeneration = -1
    /// The last complete answers sent, valid for `answered` during `second`.
    private var answered: PreparedResponse?
    private var second = Int.min
    private var ok = ByteBuffer()
    private var notModified = ByteBuffer()

    /// The prepared answer for a request target, from the memo while the cache's generation is
    /// the one it was found in.
    mutating func prepared(target: UnsafeRawBufferPointer, in cache: DocumentCache) -> PreparedResponse? {
        let generation = cache.generation
        if generation == lastGeneration, let lastPrepared, lastTarget.withUnsafeBytes(target.hasSameBytes) { return lastPrepared }
        guard let prepared = cache.prepared(for: String(decoding: target, as: UTF8.self)) else { return nil }
        (lastTarget, lastPrepared, lastGeneration) = (Array(target), prepared, generation)
        return prepared
    }

    /// The complete 200 or 304 for `prepared`, with this second's `Date`: rebuilt at most once a
    /// second per connection, so a hit costs one retained buffer.
    mutating func response(_ prepared: PreparedResponse, notModified wanted: Bool, date: HTTPDateHeader) -> ByteBuffer {
        let now = date.second
        if now != second || answered !== prepared {
            let dateLine = date.line(second: now)
            ok = prepared.okPrefix
            ok.writeImmutableBuffer(dateLine)
            ok.writeImmutableBuffer(prepared.body)
            notModified = prepared.notModifiedPrefix
            notModified.writeImmutableBuffer(dateLine)
            (second, answered) = (now, prepared)
        }
        return wanted ? notModified : ok
    }
}
