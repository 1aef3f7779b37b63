import Testing
@testable import PageReelEncode

/// Delays checked against hand-computed values and against the exact frame times.
@Suite struct GIFTimingTests {
    /// round(100·k/fps) in floating point, independent of the integer formula under test.
    func exactStart(_ k: Int, fps: Int) -> Int { Int((100.0 * Double(k) / Double(fps)).rounded()) }

    func singleFrames(_ count: Int, from first: Int = 0) -> [Range<Int>] {
        (first..<first + count).map { $0..<$0 + 1 }
    }

    @Test func thirtyFPSAlternatesThreeAndFourCentiseconds() {
        let frames = GIFTiming.frames(runs: singleFrames(30), fps: 30)
        #expect(frames.count == 30)
        #expect(frames.prefix(6).map(\.delay) == [3, 4, 3, 3, 4, 3])
        #expect(frames.reduce(0) { $0 + $1.delay } == 100)
        for (k, frame) in frames.enumerated() {
            #expect(frame.start == exactStart(k, fps: 30))
            #expect(frame.delay == exactStart(k + 1, fps: 30) - exactStart(k, fps: 30))
        }
    }

    @Test func sixtyFPSMergesOneCentisecondFramesIntoTheirPredecessor() {
        // Starts 0, 2, 3, 5, 7, 8, 10 cs: frames 1 and 4 would last 1 cs.
        let frames = GIFTiming.frames(runs: singleFrames(60), fps: 60)
        #expect(Array(frames.prefix(4)) == [.init(run: 0, start: 0, delay: 3), .init(run: 2, start: 3, delay: 2),
                                            .init(run: 3, start: 5, delay: 3), .init(run: 5, start: 8, delay: 2)])
        #expect(frames.count == 40)
        #expect(frames.reduce(0) { $0 + $1.delay } == 100)
        #expect(frames.allSatisfy { $0.delay >= 2 })
    }

    @Test func hundredTwentyFPSStaysExact() {
        let frames = GIFTiming.frames(runs: singleFrames(240), fps: 120)
        #expect(frames.reduce(0) { $0 + $1.delay } == 200)
        #expect(frames.allSatisfy { $0.delay >= 2 })
        for frame in frames { #expect(frame.start == exactStart(frame.run, fps: 120)) }
    }

    @Test func mergedRunsLastFromTheirFirstToPastTheirLastFrame() {
        // cs(5) = 17, cs(12) = 40, cs(30) = 100 at 30 fps.
        let frames = GIFTiming.frames(runs: [0..<5, 5..<12, 12..<30], fps: 30)
        #expect(frames == [.init(run: 0, start: 0, delay: 17), .init(run: 1, start: 17, delay: 23),
                           .init(run: 2, start: 40, delay: 60)])
    }

    @Test func shardsCountFromTheirFirstFrame() {
        let frames = GIFTiming.frames(runs: singleFrames(30, from: 100), fps: 30)
        #expect(frames.first?.start == 0)
        #expect(frames.reduce(0) { $0 + $1.delay } == exactStart(130, fps: 30) - exactStart(100, fps: 30))
        for (k, frame) in frames.enumerated() {
            #expect(frame.start == exactStart(100 + k, fps: 30) - exactStart(100, fps: 30))
        }
    }

    @Test func aLoneShortFrameKeepsItsDuration() {
        #expect(GIFTiming.frames(runs: [0..<1], fps: 120) == [.init(run: 0, start: 0, delay: 1)])
        #expect(GIFTiming.frames(runs: [], fps: 30).isEmpty)
    }
}
