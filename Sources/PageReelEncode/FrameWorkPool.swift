import Dispatch
import Foundation
import Synchronization

/// Encodes an animation's frames on every core and hands the results on in frame order.
///
/// The animated image writers (WebP, APNG) compress each frame on its own: `submit` queues a
/// frame's job, worker threads take jobs first come, first served and run `work` on them, and
/// each result waits until every result before it has been delivered; `deliver` then runs with
/// it (on whichever worker completed the run of results in order, one at a time), so the file
/// is assembled in order while later frames are still being compressed.
///
/// At most `limit` jobs are between `submit` and delivery: `submit` waits for room, which holds
/// rendering back when the encoder is the slower side, and bounds memory to a few frames
/// whatever the animation's length. The threads are long-lived threads of their own (not blocks
/// on Dispatch's global queues, which the renderer's bands and the signal handler need), started
/// with the first job and ended by `close`. `stop` is polled while waiting; a failure of `work`
/// or `deliver` stops everything and is thrown by the next `submit` or `finish`.
final class FrameWorkPool<Job: Sendable, Output: Sendable>: Sendable {
    private struct State {
        var waiting: [(number: Int, job: Job)] = []
        var ready: [Int: Output] = [:]
        var submitted = 0
        var delivered = 0
        var failure: EncodeError?
        var started = false
        var closed = false
    }

    let stop: EncodeStop
    /// Jobs between `submit` and delivery: two per worker keeps every worker busy while frames
    /// arrive unevenly.
    let limit: Int
    private let workers: Int
    private let state = Mutex(State())
    /// Held while results are delivered, so `deliver` runs for one result at a time, in order.
    private let delivery = Mutex(())
    private let work: @Sendable (Job) throws(EncodeError) -> Output
    private let deliver: @Sendable (Output) throws(EncodeError) -> Void
    /// Queued jobs (plus wake-ups from `close`) and the free places among `limit`, created at
    /// zero and signalled up because libdispatch traps when a semaphore is disposed of below
    /// its initial value.
    private let jobs = DispatchSemaphore(value: 0), room = DispatchSemaphore(value: 0)
    /// Signalled after each delivery, for `finish`.
    private let delivered = DispatchSemaphore(value: 0)

    init(stop: EncodeStop, work: @escaping @Sendable (Job) throws(EncodeError) -> Output,
         deliver: @escaping @Sendable (Output) throws(EncodeError) -> Void) {
        workers = min(8, max(1, ProcessInfo.processInfo.activeProcessorCount))
        limit = 2 * workers
        self.stop = stop
        self.work = work
        self.deliver = deliver
        for _ in 0..<limit { room.signal() }
    }

    /// Jobs submitted and not delivered yet.
    var backlog: Int { state.withLock { $0.submitted - $0.delivered } }

    /// Queues `job` after the ones before it, waiting while `limit` jobs are in flight.
    func submit(_ job: Job) throws(EncodeError) {
        while room.wait(timeout: .now() + .milliseconds(50)) == .timedOut { try check() }
        do throws(EncodeError) { try check() } catch {
            room.signal()
            throw error
        }
        let first = state.withLock { state in
            state.waiting.append((state.submitted, job))
            state.submitted += 1
            defer { state.started = true }
            return !state.started
        }
        if first {
            for _ in 0..<workers {
                let thread = Thread { self.run() }
                thread.stackSize = 1 << 22
                thread.start()
            }
        }
        jobs.signal()
    }

    /// Waits until every submitted job is delivered, calling `progress` with how many are still
    /// to come, then ends the threads.
    func finish(progress: (Int) -> Void) throws(EncodeError) {
        while true {
            try check()
            let remaining = backlog
            progress(remaining)
            if remaining == 0 { break }
            // A wake-up per delivery, and a poll every 50 ms.
            _ = delivered.wait(timeout: .now() + .milliseconds(50))
        }
        close()
    }

    /// Ends the threads once they are done with the job in hand.
    func close() {
        guard !state.withLock({ state in defer { state.closed = true }; return state.closed }) else { return }
        for _ in 0..<workers { jobs.signal() }
    }

    /// Throws the first failure, or `.stopped` once asked to stop.
    private func check() throws(EncodeError) {
        if let failure = state.withLock({ $0.failure }) { throw failure }
        try stop.check()
    }

    private func fail(_ error: EncodeError) {
        state.withLock { if $0.failure == nil { $0.failure = error } }
        stop.stop()
        close()
    }

    /// A worker: runs queued jobs until closed, delivering whatever is next in order.
    private func run() {
        while true {
            jobs.wait()
            guard let (number, job) = state.withLock({ state in state.closed ? nil : state.waiting.removeFirst() }) else {
                return
            }
            let output: Output
            do throws(EncodeError) { output = try work(job) } catch { return fail(error) }
            state.withLock { $0.ready[number] = output }
            let result = delivery.withLock { _ in
                Result { () throws(EncodeError) in
                    while let next = state.withLock({ state in
                        state.closed ? nil : state.ready.removeValue(forKey: state.delivered)
                    }) {
                        try deliver(next)
                        state.withLock { $0.delivered += 1 }
                        room.signal()
                        delivered.signal()
                    }
                }
            }
            if case .failure(let error) = result { return fail(error) }
        }
    }
}
