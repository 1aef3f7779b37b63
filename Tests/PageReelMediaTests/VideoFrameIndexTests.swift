import Testing
@testable import PageReelMedia

/// The frame index built from packet lists written by hand: presentation order from B-frame
/// decode order, timing, the keyframe each frame is decoded from, and the reorder delay.
@Suite struct VideoFrameIndexTests {
    typealias Packet = VideoFrameIndex.Packet

    /// Packets in decode order from (pts, keyframe) pairs; dts counts up from −2 like an encoder
    /// with B-frames writes.
    func packets(_ list: [(Int64, Bool)], hidden: Set<Int> = []) -> [Packet] {
        list.enumerated().map { i, p in
            Packet(time: p.0, decodeTime: Int64(i) - 2, isKeyframe: p.1, isShown: !hidden.contains(i))
        }
    }

    func index(_ packets: [Packet], lastDuration: Int64? = 1) -> VideoFrameIndex {
        VideoFrameIndex(packets: packets, timeBase: (1, 10), lastDuration: lastDuration)!
    }

    @Test func bFramesAreSortedIntoPresentationOrder() {
        // I0 P3 B1 B2 P6 B4 B5: the classic pattern, one picture held back.
        let index = index(packets([(0, true), (3, false), (1, false), (2, false), (6, false), (4, false), (5, false)]))
        #expect(index.frameTimestamps == [0, 1, 2, 3, 4, 5, 6])
        #expect(index.framePackets == [0, 2, 3, 1, 5, 6, 4])
        #expect(index.frameTimes == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
        #expect(index.duration == 0.7)
        #expect(index.reorderDepth == 1)
        // A pyramid (I0 P4 B2 b1 b3) holds two back.
        #expect(VideoFrameIndex.reorderDepth(packets([(0, true), (4, false), (2, false), (1, false), (3, false)])) == 2)
        #expect(VideoFrameIndex.reorderDepth(packets([(0, true), (1, false), (2, false)])) == 0)
    }

    @Test func timesStartAtTheFirstFrameAndFollowTheTimestamps() {
        // Variable steps, a negative start, and a picture decoded only as a reference (an edit
        // list's lead-in): it is not a frame, and the first shown frame starts at 0.
        let index = index(packets([(-3, true), (10, false), (12, false), (19, false), (20, false)], hidden: [0]),
                          lastDuration: 4)
        #expect(index.frameTimestamps == [10, 12, 19, 20])
        #expect(index.frameTimes == [0, 0.2, 0.9, 1.0])
        #expect(index.duration == 1.4)
        #expect(index.keyframes == [0])
        #expect(index.start(for: 0) == 0)
    }

    @Test func theLastFrameLastsItsDurationOrTheStepBeforeIt() {
        let stream = packets([(0, true), (2, false), (5, false)])
        #expect(index(stream, lastDuration: 7).duration == 1.2)
        #expect(index(stream, lastDuration: nil).duration == 0.8)
        #expect(index(stream, lastDuration: 0).duration == 0.8)
        // One frame and nothing said: a thirtieth of a second (3000 ticks of 1/90000 s).
        let single = VideoFrameIndex(packets: packets([(0, true)]), timeBase: (1, 90_000), lastDuration: nil)!
        #expect(single.duration == 3000.0 / 90_000)
        #expect(VideoFrameIndex(packets: packets([(0, true)], hidden: [0]), timeBase: (1, 10), lastDuration: 1) == nil)
    }

    @Test func aTimestampTwiceIsOneFrame() {
        let index = index(packets([(0, true), (1, false), (1, false), (2, false)]))
        #expect(index.frameTimestamps == [0, 1, 2])
        #expect(index.framePackets == [0, 1, 3])
        #expect(index.frame(withTimestamp: 1) == 1)
        #expect(index.frame(withTimestamp: 3) == nil)
    }

    /// An open GOP: the keyframe at packet 4 (pts 6) is followed in decode order by leading
    /// pictures shown before it (pts 4, 5), which refer to the GOP before.
    @Test func leadingPicturesAreDecodedFromTheKeyframeBefore() {
        let index = index(packets([(0, true), (3, false), (1, false), (2, false),
                                   (6, true), (4, false), (5, false), (9, false), (7, false), (8, false),
                                   (12, true), (10, false), (11, false)]))
        #expect(index.keyframes == [0, 4, 10])
        let startOf = { (pts: Int64) in index.start(for: index.frame(withTimestamp: pts)!) }
        #expect(startOf(0) == 0 && startOf(3) == 0)
        #expect(startOf(4) == 0 && startOf(5) == 0)     // leading pictures of packet 4
        #expect(startOf(6) == 4 && startOf(7) == 4 && startOf(9) == 4)
        #expect(startOf(10) == 4 && startOf(12) == 10)
        // Retrying further back: before 4 is 0, before 0 is the start of the file.
        let frame7 = index.frame(withTimestamp: 7)!
        #expect(index.start(for: frame7, before: 4) == 0)
        #expect(index.start(for: frame7, before: 0) == -1)
        // No keyframe at all before a frame: the start of the file.
        #expect(self.index(packets([(0, false), (1, true)])).start(for: 0) == -1)
    }

    @Test func frameAtATimeIsTheOneWhoseSpanContainsIt() {
        let index = index(packets([(0, true), (2, false), (5, false)]))   // 0, 0.2, 0.5 s; ends 0.6 s
        #expect([-1, 0, 0.1, 0.2 - 1e-6, 0.2, 0.3, 0.5, 0.55, 0.6, 9].map { index.frame(at: $0) }
            == [0, 0, 0, 0, 1, 1, 2, 2, 2, 2])
        #expect(index.frame(at: 0.2 - 1e-10) == 1)   // within a nanosecond: the frame starting then
        #expect(index.frame(at: .infinity) == 2 && index.frame(at: -.infinity) == 0 && index.frame(at: .nan) == 0)
    }

    @Test func packetsAreFoundByTheirTimestamps() {
        let index = index(packets([(0, true), (3, false), (1, false), (2, false)]))
        #expect(index.packet(time: 1, decodeTime: 0, expected: 2) == 2)
        #expect(index.packet(time: 1, decodeTime: 0, expected: 0) == 2)
        #expect(index.packet(time: 1, decodeTime: 5, expected: 2) == nil)
    }
}
