import Dispatch
import PageReelRaster
import Synchronization

/// The outputs fed by one render: every frame the pipeline delivers goes to each output's encoder.
///
/// With one output, its encoder runs on the pipeline's consuming thread. With several, each frame
/// goes to all of them at once, one thread per output, and the next frame waits for every one of
/// them; the encoders themselves are not `Sendable`, so each sits in its `OutputSink`'s mutex.
struct RenderGroup {
    let source: FrameSource
    let frames: Range<Int>
    let sinks: [OutputSink]

    func run(cancellation: Cancellation?, frameDone: () -> Void) throws(PageReelError) {
        let sinks = self.sinks
        try FramePipeline(source: source, frames: frames).run(cancellation: cancellation) { pixmap, frame throws(PageReelError) in
            if sinks.count == 1 {
                try sinks[0].write(pixmap, frame: frame)
            } else {
                // One slot per output; the first failure in output order is reported.
                let failures = Mutex([PageReelError?](repeating: nil, count: sinks.count))
                DispatchQueue.concurrentPerform(iterations: sinks.count) { k in
                    do throws(PageReelError) {
                        try sinks[k].write(pixmap, frame: frame)
                    } catch {
                        failures.withLock { $0[k] = error }
                    }
                }
                if let error = failures.withLock({ $0.lazy.compactMap { $0 }.first }) { throw error }
            }
            frameDone()
        }
        for sink in sinks {
            if let signal = cancellation?.signal { throw .interrupted(signal: signal) }
            try sink.finish()
        }
    }
}
