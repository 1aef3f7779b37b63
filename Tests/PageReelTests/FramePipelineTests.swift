import Foundation
@testable import PageReel
import PageReelMedia
import PageReelRaster
import PageReelTestSupport
import Synchronization
import Testing

/// The render thread and the outputs' thread, joined by frame buffers handed back and forth.
@Suite struct FramePipelineTests {
    let scratch = ScratchDirectory()

    func source() throws -> FrameSource {
        FrameSource(project: try Project.load(try TestDecks.write(in: scratch, name: "pipeline")), fps: 20)
    }

    /// Every frame arrives once, in order, with the pixels a direct render gives, including the
    /// held frames that are not rendered again.
    @Test func deliversEveryFrameInOrderWithItsPixels() throws {
        let source = try source()
        var seen: [Int] = []
        var pixels: [Int: Pixmap] = [:]
        var repeats: [Int] = []
        try FramePipeline(source: source, frames: 0..<source.frameCount).run(cancellation: nil) { pixmap, frame, repeated in
            seen.append(frame)
            if repeated { repeats.append(frame) }
            if frame % 7 == 0 || frame == 1 { pixels[frame] = pixmap }
        }
        #expect(seen == Array(0..<source.frameCount))
        for (frame, pixmap) in pixels {
            var expected = Pixmap(width: 0, height: 0)
            try source.render(source.scene(frame: frame), into: &expected)
            #expect(pixmap == expected, "frame \(frame)")
        }
        // Frames 0 and 1 are held (the deck waits 0.3 s first): the same pixels, not rendered twice.
        #expect(source.scene(frame: 0) == source.scene(frame: 1) && pixels[0] == pixels[1])
        // Exactly the held frames are flagged as repeats, which lets a video writer skip converting them.
        let held = (1..<source.frameCount).filter { source.scene(frame: $0) == source.scene(frame: $0 - 1) }
        #expect(repeats == held && repeats.contains(1))
    }

    /// A cancellation stops the pipeline with the signal after the frame being consumed.
    @Test func cancellationStopsWithTheSignal() throws {
        let source = try source()
        let cancellation = Cancellation()
        var consumed = 0
        let result = Result { () throws(PageReelError) in
            try FramePipeline(source: source, frames: 0..<source.frameCount).run(cancellation: cancellation) { _, _, _ in
                consumed += 1
                if consumed == 5 { cancellation.cancel(signal: SIGTERM) }
            }
        }
        guard case .failure(.interrupted(let signal)) = result else {
            Issue.record("expected an interruption, got \(result)")
            return
        }
        #expect(signal == SIGTERM && consumed == 5)
    }

    /// An output's error ends the run at once, with that error, and the render thread does not
    /// keep the caller waiting (the buffers it waits for are closed).
    @Test func consumerErrorEndsTheRun() throws {
        let source = try source()
        for depth in [2, 3, 5] {
            var pipeline = FramePipeline(source: source, frames: 0..<source.frameCount)
            pipeline.depth = depth
            let exited = Mutex(false)
            pipeline.renderThreadDidExit = { exited.withLock { $0 = true } }
            let result = Result { () throws(PageReelError) in
                try pipeline.run(cancellation: nil) { _, frame, _ throws(PageReelError) in
                    if frame == 3 { throw .writeFailed(path: "out.mp4", message: "disk full") }
                }
            }
            guard case .failure(.writeFailed(let path, _)) = result else {
                Issue.record("depth \(depth): expected the output's error, got \(result)")
                continue
            }
            #expect(path == "out.mp4")
            // The render thread was joined: it had ended before `run` returned.
            #expect(exited.withLock { $0 }, "depth \(depth): the render thread outlived the run")
        }
    }
}
