import PageReelEncode
import PageReelRaster
import Synchronization

/// One output's encoder, owned by a mutex, with what its errors need to name the output.
///
/// Encoders own C state (FFmpeg contexts, open files) and are not `Sendable`. The encoder is moved
/// in when it is made (`sending`) and never leaves: every use takes the lock, so the compiler
/// checks that one thread at a time feeds it, whichever thread that is. Each encoder is fed by
/// one thread per frame, so the lock is never contended and costs nothing measurable.
final class OutputSink: Sendable {
    let output: Output
    /// Where the encoder writes until the export succeeds.
    let temporaryPath: String
    private let sink: Mutex<any FrameSink>

    init(_ file: OutputFile, sink: sending any FrameSink) {
        output = file.output
        temporaryPath = file.temporaryPath
        self.sink = Mutex(sink)
    }

    /// Adds frame `frame` of the render.
    func write(_ pixmap: Pixmap, frame: Int) throws(PageReelError) {
        do throws(EncodeError) {
            try sink.withLock { sink throws(EncodeError) in try sink.write(pixmap, index: frame) }
        } catch {
            throw Exporter.map(error, output: output, temporaryPath: temporaryPath)
        }
    }

    /// Completes the file (still under its temporary name).
    func finish() throws(PageReelError) {
        do throws(EncodeError) {
            try sink.withLock { sink throws(EncodeError) in try sink.finish() }
        } catch {
            throw Exporter.map(error, output: output, temporaryPath: temporaryPath)
        }
    }
}
