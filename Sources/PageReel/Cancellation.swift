import Foundation

/// A flag a signal handler sets and the export loops poll between frames.
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?

    public init() {}

    /// Asks the export to stop because of `signal` (the first one wins).
    public func cancel(signal: Int32) {
        lock.withLock { if received == nil { received = signal } }
    }

    /// The signal that asked to stop, if any.
    public var signal: Int32? { lock.withLock { received } }
}
