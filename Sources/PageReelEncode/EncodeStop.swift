import Synchronization

/// Tells an encoder's background work to stop (the GIF's quantizers and composer, the WebP and
/// APNG frame workers): polled between frames and every `rows` rows, and by the writer while it
/// waits for them.
///
/// Two things stop it: the writer itself (it failed, or was dropped before `finish`), and the
/// owner's request (`requested`, e.g. a signal's cancellation), which nobody needs to forward: the
/// workers ask it themselves, so a signal stops a frame half-way through, within milliseconds,
/// whatever phase the export is in.
final class EncodeStop: Sendable {
    /// How many rows a pixel loop runs between polls: at 1080p about a millisecond.
    static let rows = 16

    /// The output, for the error.
    let path: String
    private let stopped = Atomic<Bool>(false)
    private let requested: @Sendable () -> Bool

    init(path: String, requested: @escaping @Sendable () -> Bool) {
        self.path = path
        self.requested = requested
    }

    /// Stops every worker at its next poll.
    func stop() { stopped.store(true, ordering: .relaxed) }

    /// True once `stop()` was called or the owner asked to stop.
    var isStopped: Bool {
        if stopped.load(ordering: .relaxed) { return true }
        guard requested() else { return false }
        stop()
        return true
    }

    /// Throws `EncodeError.stopped` once the work should stop.
    func check() throws(EncodeError) {
        if isStopped { throw .stopped(path: path) }
    }
}
