import Synchronization

/// A flag a signal handler sets and the export loops poll between frames.
///
/// Set from a signal handler's queue and read by the render thread and the encoders' thread, so
/// the one value sits in a `Mutex`: the compiler checks that nothing touches it unlocked.
public final class Cancellation: Sendable {
    private let received = Mutex<Int32?>(nil)

    public init() {}

    /// Asks the export to stop because of `signal` (the first one wins).
    public func cancel(signal: Int32) {
        received.withLock { if $0 == nil { $0 = signal } }
    }

    /// The signal that asked to stop, if any.
    public var signal: Int32? { received.withLock { $0 } }
}
