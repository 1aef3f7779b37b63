import Dispatch
import Foundation
import Synchronization

/// Quantizes the GIF's frames on every core while the video is still rendering, and composes
/// them into the file in order as soon as each is ready.
///
/// Design. The writer hands over each GIF frame (`submit`) the moment its duration is known, that
/// is when the next distinct frame arrives. Worker threads take frames first come, first served;
/// each result waits in `ready` until every frame before it has been composed, and the composer
/// thread draws it over the screen and writes it out. So the file grows while rendering goes on,
/// nothing is kept for a later pass (no spill: memory is a few frames, whatever the video's
/// length), and `finish` has only the last few frames to wait for.
///
/// Bounds. At most `limit` frames are between `submit` and the file; `submit` waits for room, which
/// holds rendering back when the GIF is the slower side. Each frame in flight holds its pixels
/// (4 bytes a pixel, shared with the next frame's diff) and, once quantized, an index per pixel;
/// each worker's quantizer 33 bytes a pixel, the composer 13. With two cores that is about
/// 107 bytes a pixel in all (220 MB at 1080p, measured 225 MB), for a GIF of any length.
///
/// Threads. The workers and the composer are threads of their own, started with the first frame
/// and ended by `close`, not blocks on Dispatch's global queues: they are busy for the whole
/// export, and would otherwise hold the few threads those queues run on, delaying what else runs
/// there (a signal handler, its watchdog, the renderer's bands).
///
/// No memory is shared between threads: jobs and quantized frames are `Sendable` values moved
/// through `state`; each quantizer (C state) lives in its worker's mutex, the composer (the open
/// file) in its own, used by the composer thread and, after the last frame, by `finish`.
final class GIFFrameStage: Sendable {
    /// One GIF frame to quantize and compose.
    struct Job: Sendable {
        /// The GIF frame's number, from 0: the composing order.
        var number: Int
        /// Its pixels and the frame shown before it (opaque RGBA words).
        var pixels: [UInt32]
        var previous: [UInt32]?
        /// When it starts, in cs from the first frame.
        var start: Int
        /// How many of the writer's frames are in the file once this one is.
        var covers: Int
    }

    private struct State {
        /// Submitted jobs no worker has taken yet, oldest first.
        var waiting: [Job] = []
        /// Quantized frames by number, with their start and coverage, waiting for their turn.
        var ready: [Int: (output: GIFFrameQuantizer.Output, start: Int, covers: Int)] = [:]
        /// Quantized frames' buffers, composed and free for another frame.
        var spare: [GIFFrameQuantizer.Output] = []
        var submitted = 0
        /// Frames composed (also the number of the next one to compose).
        var composed = 0
        /// The writer's frames that are in the file.
        var covered = 0
        var failure: EncodeError?
        var started = false
        /// Set by `close`: the threads leave.
        var closed = false
    }

    /// The composer (which owns the file) and whether the file is complete.
    private struct Composition {
        let composer: GIFFrameComposer
        var done = false
    }

    /// A worker's quantizer, made when the worker first runs (short GIFs need few).
    private final class Worker: Sendable {
        let quantizer = Mutex<GIFFrameQuantizer?>(nil)
    }

    /// The composer takes about a seventh of a frame's quantizing time, so more workers than
    /// this would only wait for it while each holds its quantizer's 33 bytes a pixel (70 MB at
    /// 1080p).
    static let maximumWorkers = 8

    let stop: EncodeStop
    /// Frames between `submit` and the file: two per worker keeps every worker busy while the
    /// renderer delivers frames unevenly.
    let limit: Int
    private let width: Int, height: Int, speed: Int, dithering: Float, maxColors: Int
    private let state: Mutex<State>
    private let workers: [Worker]
    private let composition: Mutex<Composition>
    /// One signal per waiting job, one per quantized frame (plus wake-ups from `close`), and the
    /// free places among the `limit`: taken by `submit`, given back once a frame is in the file.
    /// All created at zero and signalled up: libdispatch traps when a semaphore is disposed of
    /// below its initial value, which a stop with frames in flight would leave it at.
    private let jobs = DispatchSemaphore(value: 0), results = DispatchSemaphore(value: 0)
    private let room = DispatchSemaphore(value: 0)

    init(width: Int, height: Int, speed: Int, dithering: Float, maxColors: Int,
         composer: sending GIFFrameComposer, stop: EncodeStop) {
        let count = min(Self.maximumWorkers, max(1, ProcessInfo.processInfo.activeProcessorCount))
        (self.width, self.height, self.speed, self.dithering, self.maxColors) = (width, height, speed, dithering, maxColors)
        self.stop = stop
        limit = 2 * count
        workers = (0..<count).map { _ in Worker() }
        state = Mutex(State())
        composition = Mutex(Composition(composer: composer))
        for _ in 0..<limit { room.signal() }
    }

    /// Frames submitted and not yet in the file, in the writer's frames: `total` (the writer's
    /// frames so far) minus those the composed images cover.
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

    /// Waits until every submitted frame is composed, calling `progress` (on this thread) with
    /// the frames of `total` still to come; then writes the last image, shown until `end` (cs),
    /// and completes the file. Until then at least one frame is still to come: progress reports
    /// 0 only once the file is complete.
    func finish(end: Int, total: Int, progress: (Int) -> Void) throws(EncodeError) {
        while true {
            try check()
            let (composed, submitted, covered) = state.withLock { ($0.composed, $0.submitted, $0.covered) }
            progress(max(1, total - covered))
            if composed == submitted { break }
            // Each composed frame gives back a place: a wake-up per frame, and a poll at least
            // every 50 ms.
            _ = room.wait(timeout: .now() + .milliseconds(50))
        }
        close()
        try composition.withLock { composition throws(EncodeError) in
            guard !composition.done else { throw .finished(path: stop.path) }
            composition.done = true
            try composition.composer.finish(end: end)
        }
        progress(0)
    }

    /// Ends the threads once they are done with the frame in hand (at once, if stopped).
    func close() {
        guard !state.withLock({ state in defer { state.closed = true }; return state.closed }) else { return }
        for _ in workers { jobs.signal() }
        results.signal()
    }

    /// Throws the first failure of a worker or the composer, or `.stopped` once asked to stop.
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
        var threads = workers.indices.map { worker in Thread { self.work(worker) } }
        threads.append(Thread { self.compose() })
        for thread in threads {
            thread.stackSize = 1 << 22
            thread.start()
        }
    }

    /// A worker thread: quantizes waiting jobs, one per signal of `jobs`, until closed.
    private func work(_ worker: Int) {
        ImageQuant.singleThreaded()
        while true {
            jobs.wait()
            let taken = state.withLock { state -> (Job, GIFFrameQuantizer.Output?)? in
                state.closed ? nil : (state.waiting.removeFirst(), state.spare.popLast())
            }
            guard let (job, spare) = taken else { return }
            var output = spare ?? GIFFrameQuantizer.Output(pixels: width * height)
            let result = workers[worker].quantizer.withLock { quantizer in
                if quantizer == nil {
                    quantizer = GIFFrameQuantizer(width: width, height: height, speed: speed, dithering: dithering,
                                                  path: stop.path)
                }
                return Result { () throws(EncodeError) in
                    try quantizer!.quantize(job.pixels, previous: job.previous, maxColors: maxColors, into: &output,
                                            stop: stop)
                }
            }
            if case .failure(let error) = result { return fail(error) }
            state.withLock { $0.ready[job.number] = (output, job.start, job.covers) }
            results.signal()
        }
    }

    /// The composer thread: composes the ready frames that are next in order, until closed.
    private func compose() {
        while true {
            results.wait()
            while true {
                let next = state.withLock { state in
                    state.closed ? nil : state.ready.removeValue(forKey: state.composed)
                }
                guard let next else { break }
                var output = next.output
                let result = composition.withLock { composition in
                    Result { () throws(EncodeError) in try composition.composer.add(&output, start: next.start) }
                }
                if case .failure(let error) = result { return fail(error) }
                output.source = []
                state.withLock { state in
                    state.composed += 1
                    state.covered = next.covers
                    state.spare.append(output)
                }
                room.signal()
            }
            if state.withLock({ $0.closed }) { return }
        }
    }
}
