import Dispatch
import Glibc
import Synchronization

/// Quantizes the GIF's frames on every core while the video is still rendering, and composes
/// them into the file in order as soon as each is ready.
///
/// Design. The writer hands over each GIF frame (`submit`) the moment its duration is known, that
/// is when the next distinct frame arrives. Idle workers take frames first come, first served;
/// each result waits in `ready` until every frame before it has been composed, and the composer,
/// on its own serial queue, draws it over the screen and writes it out. So the file grows while
/// rendering goes on, nothing is kept for a later pass (no spill: memory is a few frames, whatever
/// the video's length), and `finish` has only the last few frames to wait for.
///
/// Bounds. At most `limit` frames are between `submit` and the file; `submit` waits for room, which
/// holds rendering back when the GIF is the slower side. Each frame in flight holds its pixels
/// (4 bytes a pixel, shared with the next frame's diff) and, once quantized, an index per pixel.
///
/// No memory is shared between threads: jobs and quantized frames are `Sendable` values moved
/// through `state`; each quantizer (C state) lives in its worker's mutex, the composer (the open
/// file) in its own, used only on the composer's queue and, after the last frame, by `finish`.
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
        var idleWorkers: [Int]
        /// Quantized frames by number, with their job (pixels dropped), waiting for their turn.
        var ready: [Int: (output: GIFFrameQuantizer.Output, job: Job)] = [:]
        /// Quantized frames' buffers, composed and free for another frame.
        var spare: [GIFFrameQuantizer.Output] = []
        var submitted = 0
        /// Frames composed (also the number of the next one to compose).
        var composed = 0
        /// The writer's frames that are in the file.
        var covered = 0
        var failure: EncodeError?
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
    /// this would only wait for it while each holds some 13 MB (at 720×405).
    static let maximumWorkers = 8

    let stop: GIFStop
    /// Frames between `submit` and the file: two per worker keeps every worker busy while the
    /// renderer delivers frames unevenly.
    let limit: Int
    private let width: Int, height: Int, speed: Int, dithering: Float, maxColors: Int
    private let state: Mutex<State>
    private let workers: [Worker]
    private let composition: Mutex<Composition>
    private let composing = DispatchQueue(label: "pagereel.gif.composer")
    /// Free places among the `limit`: taken by `submit`, given back once a frame is in the file.
    private let room = DispatchSemaphore(value: 0)

    init(width: Int, height: Int, speed: Int, dithering: Float, maxColors: Int,
         composer: sending GIFFrameComposer, stop: GIFStop) {
        let count = min(Self.maximumWorkers, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        (self.width, self.height, self.speed, self.dithering, self.maxColors) = (width, height, speed, dithering, maxColors)
        self.stop = stop
        limit = 2 * count
        workers = (0..<count).map { _ in Worker() }
        state = Mutex(State(idleWorkers: Array((0..<count).reversed())))
        composition = Mutex(Composition(composer: composer))
        // Created at zero and signalled up: libdispatch traps when a semaphore is disposed of
        // below its initial value, which a stop with frames in flight would leave it at.
        for _ in 0..<limit { room.signal() }
    }

    /// Frames submitted and not yet in the file, in the writer's frames: `total` (the writer's
    /// frames so far) minus those the composed images cover.
    func backlog(total: Int) -> Int { total - state.withLock { $0.covered } }

    /// Queues `job` (numbers in order from 0), waiting while `limit` frames are in flight.
    func submit(_ job: Job) throws(EncodeError) {
        try waitForRoom()
        let worker = state.withLock { state -> Int? in
            state.waiting.append(job)
            state.submitted += 1
            return state.idleWorkers.popLast()
        }
        if let worker { DispatchQueue.global().async { self.work(worker) } }
    }

    /// Waits until every submitted frame is in the file, calling `progress` (on this thread) with
    /// the frames of `total` still to come; then writes the last image, shown until `end` (cs),
    /// and completes the file.
    func finish(end: Int, total: Int, progress: (Int) -> Void) throws(EncodeError) {
        while true {
            let (composed, submitted, covered) = state.withLock { ($0.composed, $0.submitted, $0.covered) }
            try check()
            progress(total - covered)
            if composed == submitted { break }
            // Each composed frame gives back a place: a wake-up per frame, and a poll at least
            // every 50 ms.
            _ = room.wait(timeout: .now() + .milliseconds(50))
        }
        try composition.withLock { composition throws(EncodeError) in
            guard !composition.done else { throw .finished(path: stop.path) }
            composition.done = true
            try composition.composer.finish(end: end)
        }
        progress(0)
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
    }

    /// A worker's loop on a global-queue thread: takes waiting jobs until there are none.
    private func work(_ worker: Int) {
        ImageQuant.singleThreaded()
        while true {
            let taken = state.withLock { state -> (Job, GIFFrameQuantizer.Output?)? in
                guard !state.waiting.isEmpty, state.failure == nil else {
                    state.idleWorkers.append(worker)
                    return nil
                }
                return (state.waiting.removeFirst(), state.spare.popLast())
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
            var finished = job
            (finished.pixels, finished.previous) = ([], nil)
            state.withLock { $0.ready[job.number] = (output, finished) }
            composing.async { self.composeReady() }
        }
    }

    /// On the composer's queue: composes the ready frames that are next in order.
    private func composeReady() {
        while true {
            let next = state.withLock { state in
                state.failure == nil ? state.ready.removeValue(forKey: state.composed) : nil
            }
            guard let next else { return }
            var output = next.output
            let job = next.job
            let result = composition.withLock { composition in
                Result { () throws(EncodeError) in
                    try stop.check()
                    try composition.composer.add(&output, start: job.start)
                }
            }
            if case .failure(let error) = result { return fail(error) }
            output.source = []
            state.withLock { state in
                state.composed += 1
                state.covered = job.covers
                state.spare.append(output)
            }
            room.signal()
        }
    }
}
