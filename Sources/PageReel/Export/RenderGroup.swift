import Dispatch
import PageReelRaster
import Synchronization

/// The outputs fed by one render: every frame the pipeline delivers goes to each output's encoder.
///
/// With one output, its encoder runs on the pipeline's consuming thread. With several, each frame
/// goes to all of them at once, one thread per output, and the next frame waits for every one of
/// them; the encoders themselves are not `Sendable`, so each sits in its `OutputSink`'s mutex.
///
/// Progress counts a frame as done when every output has it in its file, not when it was
/// rendered: an encoder that works behind the frames it is given (the GIF's quantizers) reports a
/// backlog, and frames in it are reported only as it drains, during rendering or in `finish`. So
/// 100% means the files are complete, whatever part of the work came last.
struct RenderGroup {
    let source: FrameSource
    let frames: Range<Int>
    let sinks: [OutputSink]

    /// Renders every frame into every output and completes them; `frameDone` is called once per
    /// frame, as frames reach every output. After a signal, any failure is the interruption.
    func run(cancellation: Cancellation?, frameDone: () -> Void) throws(PageReelError) {
        do throws(PageReelError) {
            try render(cancellation: cancellation, frameDone: frameDone)
        } catch {
            // A writer that polls the cancellation stops with its own error; the signal is the cause.
            if let signal = cancellation?.signal { throw .interrupted(signal: signal) }
            throw error
        }
    }

    private func render(cancellation: Cancellation?, frameDone: () -> Void) throws(PageReelError) {
        let sinks = self.sinks
        var delivered = 0, reported = 0, finished = false
        /// Reports the frames newly through every output: `delivered` minus the largest backlog,
        /// but the last frame only once every output is finished (an encoder's flush is work too).
        /// After a signal nothing more is reported: the export will not complete.
        func report(backlogs: [Int]) {
            let through = min(delivered - (backlogs.max() ?? 0), frames.count - (finished ? 0 : 1))
            while reported < through && cancellation?.signal == nil {
                reported += 1
                frameDone()
            }
        }
        try FramePipeline(source: source, frames: frames).run(cancellation: cancellation) { pixmap, frame, repeatsPrevious throws(PageReelError) in
            if sinks.count == 1 {
                try sinks[0].write(pixmap, frame: frame, repeatsPrevious: repeatsPrevious)
            } else {
                // One slot per output; the first failure in output order is reported.
                let failures = Mutex([PageReelError?](repeating: nil, count: sinks.count))
                DispatchQueue.concurrentPerform(iterations: sinks.count) { k in
                    do throws(PageReelError) {
                        try sinks[k].write(pixmap, frame: frame, repeatsPrevious: repeatsPrevious)
                    } catch {
                        failures.withLock { $0[k] = error }
                    }
                }
                if let error = failures.withLock({ $0.lazy.compactMap { $0 }.first }) { throw error }
            }
            delivered += 1
            report(backlogs: sinks.map(\.backlog))
        }
        var backlogs = sinks.map(\.backlog)
        for (k, sink) in sinks.enumerated() {
            if let signal = cancellation?.signal { throw .interrupted(signal: signal) }
            try sink.finish { backlog in
                backlogs[k] = backlog
                report(backlogs: backlogs)
            }
            backlogs[k] = 0
        }
        finished = true
        report(backlogs: backlogs)
    }
}
