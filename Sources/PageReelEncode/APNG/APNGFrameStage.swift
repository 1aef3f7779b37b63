import Dispatch
import Foundation
import Synchronization

/// Filters and compresses the APNG's frames on every core while the video is still rendering,
/// and writes them into the file in order as soon as each is ready and its duration known.
///
/// Design. The writer hands over each distinct frame (`submit`) the moment it arrives, with the
/// one before it to diff against; its duration follows once the next distinct frame arrives (or
/// the video ends, `end`). Worker threads take frames first come, first served, each with its own
/// `APNGFrameEncoder`; a frame waits in `state` until it is encoded, its duration is known and
/// every frame before it is in the file. Whoever completes the last of those (a worker, or the
/// writer's thread in `end`) writes it, holding the file's lock. So the file grows while rendering
/// goes on, and memory is a few frames whatever the video's length.
///
/// Bounds. At most `limit` frames are between `submit` and the file; `submit` waits for room, which
/// holds rendering back when compression is the slower side. Each frame in flight holds its pixels
/// (4 bytes a pixel, shared with the next frame's diff) and, once encoded, its compressed data;
/// each worker's encoder about 12 bytes a pixel (the rectangle's rows, filtered, compressed) and
/// its compressor's tables.
///
/// Threads, as in `GIFFrameStage`: the workers are threads of their own, started with the first
/// frame and ended by `close`, so a long export does not occupy Dispatch's few global threads.
/// No memory is shared: jobs and encoded frames are `Sendable` values moved through `state`, each
/// encoder lives on its worker's stack, the file in its own mutex.
final class APNGFrameStage: Sendable {
    /// One distinct frame to encode.
    struct Job: Sendable {
        /// The APNG frame's number, from 0: the writing order.
        var number: Int
        /// Its pixels and the frame shown before it (opaque RGBA words).
        var pixels: [UInt32]
        var previous: [UInt32]?
    }

    /// How long a frame is shown and what it completes.
    private struct Run {
        /// How long it is shown, in ms.
        var milliseconds: Int
        /// How many of the writer's frames are in the file once this one is.
        var covers: Int
    }

    private struct State {
        /// Submitted jobs no worker has taken yet, oldest first.
        var waiting: [Job] = []
        /// Encoded frames and known durations by number, until their turn.
        var encoded: [Int: APNGChunkWriter.Frame] = [:]
        var runs: [Int: Run] = [:]
        var submitted = 0
        /// Frames in the file (also the number of the next one to write).
        var written = 0
        /// The writer's frames that are in the file.
        var covered = 0
        var failure: EncodeError?
        var started = false
        /// Set by `close`: the threads leave.
        var closed = false
    }

    /// More workers than frames in flight would idle; the writing itself is a small part.
    static let maximumWorkers = 8

    let stop: EncodeStop
    /// Frames between `submit` and the file: two per worker keeps every worker busy while the
    /// renderer delivers frames unevenly.
    let limit: Int
    private let width: Int, height: Int, level: Int
    private let workerCount: Int
    private let state: Mutex<State>
    private let file: Mutex<APNGChunkWriter>
    /// One signal per waiting job (plus wake-ups from `close`), and the free places among the
    /// `limit`, given back once a frame is in the file. Created at zero and signalled up, as in
    /// `GIFFrameStage`: libdispatch traps when a semaphore is disposed of below its initial value.
    private let jobs = DispatchSemaphore(value: 0), room = DispatchSemaphore(value: 0)

    /// A stage writing into `file`, whose header is written; frames are `width`×`height`, their
    /// durations in milliseconds, compressed at libdeflate's `level`.
    init(width: Int, height: Int, level: Int, file: sending APNGChunkWriter, stop: EncodeStop) {
        (self.width, self.height, self.level) = (width, height, level)
        self.stop = stop
        workerCount = min(Self.maximumWorkers, max(1, ProcessInfo.processInfo.activeProcessorCount))
        limit = 2 * workerCount
        state = Mutex(State())
        self.file = Mutex(file)
        for _ in 0..<limit { room.signal() }
    }

    /// Frames submitted and not yet in the file, in the writer's frames: `total` (the writer's
    /// frames so far) minus those the written frames cover.
    func backlog(total: Int) -> Int { total - state.withLock { $0.covered } }

    /// Queues `job` (numbers in order from 0), waiting while `limit` frames are in flight.
    func submit(_ job: Job) throws(EncodeError) {
        try waitForRoom()
        let first = state.withLock { state in
            state.waiting.append(job)
            state.submitted += 1
            defer { state.started = true }
            return !state.started
        }
        if first { startThreads() }
        jobs.signal()
    }

    /// Frame `number` is shown for `frames` input frames; once it is in the file, `covers` of the
    /// writer's frames are. Writes what this completes.
    func end(_ number: Int, milliseconds: Int, covers: Int) throws(EncodeError) {
        state.withLock { $0.runs[number] = Run(milliseconds: milliseconds, covers: covers) }
        do {
            try writeReady()
        } catch {
            fail(error)
            throw error
        }
    }

    /// Waits until every submitted frame is in the file, calling `progress` (on this thread) with
    /// the frames of `total` still to come; then completes the file and returns its size. Until
    /// then at least one frame is still to come: progress reports 0 only once the file is complete.
    func finish(total: Int, progress: (Int) -> Void) throws(EncodeError) -> Int {
        while true {
            try check()
            let (written, submitted, covered) = state.withLock { ($0.written, $0.submitted, $0.covered) }
            progress(max(1, total - covered))
            if written == submitted { break }
            // Each written frame gives back a place: a wake-up per frame, and a poll every 50 ms.
            _ = room.wait(timeout: .now() + .milliseconds(50))
        }
        close()
        let size = try file.withLock { file throws(EncodeError) in
            try file.finish()
            return file.byteCount
        }
        progress(0)
        return size
    }

    /// Ends the threads once they are done with the frame in hand (at once, if stopped).
    func close() {
        guard !state.withLock({ state in defer { state.closed = true }; return state.closed }) else { return }
        for _ in 0..<workerCount { jobs.signal() }
    }

    /// Throws the first failure of a worker, or `.stopped` once asked to stop.
    private func check() throws(EncodeError) {
        if let failure = state.withLock({ $0.failure }) { throw failure }
        try stop.check()
    }

    private func waitForRoom() throws(EncodeError) {
        while room.wait(timeout: .now() + .milliseconds(50)) == .timedOut { try check() }
        do throws(EncodeError) {
            try check()
        } catch {
            room.signal()
            throw error
        }
    }

    /// Records the first failure and stops all work.
    private func fail(_ error: EncodeError) {
        state.withLock { if $0.failure == nil { $0.failure = error } }
        stop.stop()
        close()
    }

    private func startThreads() {
        for _ in 0..<workerCount {
            let thread = Thread { self.work() }
            thread.stackSize = 1 << 22
            thread.start()
        }
    }

    /// A worker thread: encodes waiting jobs, one per signal of `jobs`, until closed.
    private func work() {
        do throws(EncodeError) {
            let encoder = try APNGFrameEncoder(width: width, height: height, level: level, path: stop.path)
            while true {
                jobs.wait()
                guard let job = state.withLock({ $0.closed ? nil : $0.waiting.removeFirst() }) else { return }
                let frame = try encoder.encode(job.pixels, previous: job.previous, stop: stop)
                state.withLock { $0.encoded[job.number] = frame }
                try writeReady()
            }
        } catch {
            fail(error)
        }
    }

    /// Writes, in order, every frame that is encoded and whose duration is known. A run longer
    /// than one `fcTL` delay holds continues in frames that draw nothing.
    ///
    /// The state is read under the file's lock, so of two threads that each complete a frame, the
    /// one that gets the lock second sees both.
    private func writeReady() throws(EncodeError) {
        try file.withLock { file throws(EncodeError) in
            while true {
                let next = state.withLock { state -> (frame: APNGChunkWriter.Frame, run: Run)? in
                    let number = state.written
                    guard !state.closed, let run = state.runs[number], let frame = state.encoded[number] else { return nil }
                    state.runs[number] = nil
                    state.encoded[number] = nil
                    return (frame, run)
                }
                guard let next else { return }
                let delays = APNGChunkWriter.Delay.split(milliseconds: next.run.milliseconds)
                for (i, delay) in delays.enumerated() {
                    if i == 0 { try file.write(next.frame, delay: delay) } else { try file.writeHold(delay: delay) }
                }
                state.withLock { state in
                    state.written += 1
                    state.covered = next.run.covers
                }
                room.signal()
            }
        }
    }
}
