import PageReelEncode
import PageReelMedia
import PageReelRaster
import Synchronization

/// One output's encoder, owned by a mutex, with what its errors need to name the output.
///
/// Encoders own C state (FFmpeg contexts, open files) and are not `Sendable`. The encoder is moved
/// in when it is made (`sending`); every use takes the lock, so the compiler checks that one
/// thread at a time feeds it, whichever thread that is. Each encoder is fed by one thread per
/// frame, so the lock is never contended and costs nothing measurable. `finish` takes the encoder
/// out for good: it completes on the calling thread, reporting progress there, and nothing uses it
/// afterwards.
final class OutputSink: Sendable {
    let output: Output
    /// Where the encoder writes until the export succeeds.
    let temporaryPath: String
    /// The encoder; nil once `finish` has taken it.
    private let sink: Mutex<(any FrameSink)?>
    /// What fitting the output into `--max-size` chose, once finished (animated images).
    let fit = Mutex<BudgetFit?>(nil)

    init(_ file: OutputFile, sink: sending any FrameSink) {
        output = file.output
        temporaryPath = file.temporaryPath
        self.sink = Mutex(sink)
    }

    /// Adds frame `frame` of the render; `repeatsPrevious` when it has the previous frame's pixels.
    func write(_ pixmap: Pixmap, frame: Int, repeatsPrevious: Bool = false) throws(PageReelError) {
        do throws(EncodeError) {
            try sink.withLock { sink throws(EncodeError) in
                guard let sink else { throw .finished(path: temporaryPath) }
                try sink.write(pixmap, index: frame, repeatsPrevious: repeatsPrevious)
            }
        } catch {
            throw Exporter.map(error, output: output, temporaryPath: temporaryPath)
        }
    }

    /// Frames written that the encoder has not put in the file yet (`FrameSink.backlog`).
    var backlog: Int { sink.withLock { $0?.backlog ?? 0 } }

    /// Completes the file (still under its temporary name), calling `progress` with the backlog
    /// as it drains.
    func finish(progress: (Int) -> Void) throws(PageReelError) {
        do throws(EncodeError) {
            guard let sink = sink.withLock({ $0.take() }) else { throw .finished(path: temporaryPath) }
            try sink.finish(progress: progress)
            if let budgeted = sink as? BudgetedImageSink { fit.withLock { $0 = budgeted.fit } }
        } catch {
            throw Exporter.map(error, output: output, temporaryPath: temporaryPath)
        }
    }
}
