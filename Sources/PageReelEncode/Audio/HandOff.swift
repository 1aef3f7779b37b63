import Dispatch
import Synchronization

/// A bounded first-in first-out queue that moves values from one thread to another.
///
/// Shared by the stages that hand work between threads (the frame pipeline, a video's sound).
/// The frame pipeline's threads share no memory: the render thread hands each finished frame to
/// the encoders' thread through one queue, and the encoders' thread hands the buffer back through
/// another once it is done with it. A value is moved, never shared: `send` takes it out of the
/// sender's hands (`consuming`, handed on without a copy) and `receive` gives the receiver the
/// only reference, so a buffer that comes back can be written again without copy-on-write.
///
/// The queue's contents sit in a `Mutex`; two semaphores count what may be waited for (values to
/// receive, places to fill), because a `Mutex` has no condition to wait on. `close()` wakes every
/// waiter and makes both sides give up, which is how one side tells the other it has stopped.
package final class HandOff<Element: Sendable>: Sendable {
    private struct State {
        var items: [Element] = []
        var closed = false
    }

    private let state = Mutex(State())
    /// Values ready to receive (plus the wake-ups that `close` passes along).
    private let available = DispatchSemaphore(value: 0)
    /// Free places (plus the same wake-ups).
    private let room = DispatchSemaphore(value: 0)

    /// A queue that holds up to `capacity` values; `send` waits while it is full.
    package init(capacity: Int) {
        precondition(capacity > 0, "a hand-off needs room for one value")
        // Created at zero and signalled up: libdispatch traps when a semaphore is disposed of
        // below its initial value, which an early stop would otherwise leave it at.
        for _ in 0..<capacity { room.signal() }
    }

    /// Appends `element`, waiting while the queue is full. Returns false, dropping the element,
    /// once the queue is closed.
    @discardableResult
    package func send(_ element: consuming Element) -> Bool {
        room.wait()
        var parcel: Element? = consume element
        let sent = state.withLock { state in
            guard !state.closed else { return false }
            state.items.append(parcel.take()!)
            return true
        }
        // A closed queue passes the wake-up on to the next waiter.
        if sent { available.signal() } else { room.signal() }
        return sent
    }

    /// Removes and returns the oldest value, waiting while there is none; nil once the queue is
    /// closed (values still in it are dropped).
    package func receive() -> Element? {
        available.wait()
        return take()
    }

    /// Like `receive()`, but also gives up (nil) once `stop` returns true; it is asked every
    /// 50 ms while there is nothing to receive, so a waiter does not depend on the sender to
    /// notice a cancellation.
    package func receive(unless stop: () -> Bool) -> Element? {
        while available.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if stop() { return nil }
        }
        return take()
    }

    /// The oldest value, after `available` granted one (or a wake-up from `close`).
    private func take() -> Element? {
        let taken = state.withLock { state -> Element? in
            guard !state.closed else { return nil }
            return state.items.removeFirst()
        }
        if taken == nil { available.signal() } else { room.signal() }
        return taken
    }

    /// Drops what the queue holds and wakes every waiter: sends return false, receives nil.
    package func close() {
        state.withLock { state in
            state.closed = true
            state.items.removeAll()
        }
        available.signal()
        room.signal()
    }
}
