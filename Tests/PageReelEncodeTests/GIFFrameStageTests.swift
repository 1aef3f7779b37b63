import Foundation
import Synchronization
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelMedia

/// The GIF is made while frames arrive: a bounded number of frames in flight, a backlog that
/// drains to 0 exactly when the file is complete, and a stop that ends the work promptly.
@Suite struct GIFFrameStageTests {
    let scratch = ScratchDirectory()

    /// A page swiped 5 px a frame: every frame distinct, thousands of colours.
    func swipe(_ count: Int, width: Int = 160, height: Int = 90) -> [Pixmap] {
        (0..<count).map { TestFrames.page(width: width, height: height, offset: 5 * $0) }
    }

    func writer(_ frames: [Pixmap], name: String = #function,
                shouldStop: @escaping @Sendable () -> Bool = { false }) throws -> (GIFWriter, String) {
        let path = try scratch.directory(name) + "/out.gif"
        let options = GIFOptions(width: frames[0].width, height: frames[0].height, fps: 30)
        return (try GIFWriter(path: path, options: options, shouldStop: shouldStop), path)
    }

    /// Whatever the number of frames, the writer holds at most `limit` frames in flight plus the
    /// last distinct one (whose duration is not known yet): memory does not grow with the video.
    /// The backlog then drains through `finish`'s progress to 0, and the GIF is complete.
    @Test func backlogIsBoundedAndDrainsToZero() throws {
        let frames = swipe(24)
        let (writer, path) = try writer(frames)
        for (i, frame) in frames.enumerated() {
            try writer.write(frame, index: i)
            #expect(writer.backlog <= 2 * GIFFrameStage.maximumWorkers + 1, "after frame \(i): \(writer.backlog)")
            #expect(writer.backlog >= 1, "the last frame waits for its duration")
        }
        var reported: [Int] = []
        try writer.finish { reported.append($0) }
        #expect(reported.last == 0)
        #expect(zip(reported, reported.dropFirst()).allSatisfy { $0 >= $1 }, "\(reported)")
        #expect(writer.backlog == 0)
        let gif = try TestGIF.structure(path)
        #expect(gif.images.count == 24)
        #expect(gif.totalDelay == GIFTiming.centiseconds(24, fps: 30))
    }

    /// Frames that repeat count as in the file once the frame they repeat is.
    @Test func repeatedFramesLeaveTheBacklogWithTheirFrame() throws {
        let still = swipe(1)[0]
        let (writer, _) = try writer([still])
        for i in 0..<10 { try writer.write(still, index: i) }
        #expect(writer.backlog == 10)
        try writer.finish()
        #expect(writer.backlog == 0)
    }

    /// Stopped while it waits for the last frames, `finish` gives up within a fraction of a
    /// second with `.stopped`, however much work was left.
    @Test func stopDuringFinishEndsPromptly() throws {
        let frames = swipe(5, width: 480, height: 270)
        let flag = Flag()
        let (writer, path) = try writer(frames, shouldStop: { flag.isSet })
        for (i, frame) in frames.enumerated() { try writer.write(frame, index: i) }
        var stoppedAt: Date?
        #expect(throws: EncodeError.stopped(path: path)) {
            try writer.finish { backlog in
                if stoppedAt == nil && backlog > 0 {
                    stoppedAt = Date()
                    flag.set()
                }
            }
        }
        let took = Date().timeIntervalSince(try #require(stoppedAt))
        #expect(took < 0.3, "took \(took) s to stop")
    }

    /// Stopped while the renderer feeds it, the next `write` refuses with `.stopped`.
    @Test func stopDuringWritesEndsThem() throws {
        let frames = swipe(8)
        let flag = Flag()
        let (writer, path) = try writer(frames, shouldStop: { flag.isSet })
        try writer.write(frames[0], index: 0)
        try writer.write(frames[1], index: 1)
        flag.set()
        #expect(throws: EncodeError.stopped(path: path)) {
            for i in 2..<frames.count { try writer.write(frames[i], index: i) }
            try writer.finish()
        }
    }

    /// A flag the test sets and the writer's threads read.
    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        func set() { value.store(true, ordering: .relaxed) }
        var isSet: Bool { value.load(ordering: .relaxed) }
    }
}
