import Foundation
import PageReelRaster
import PageReelTestSupport
import Testing

/// Opening clips, timing their frames and decoding them: against ffprobe's timestamps and the
/// frame numbers the test clips show, and the same bytes whatever order frames are asked in.
@Suite struct VideoClipTests {
    let scratch = ScratchDirectory()

    /// Codecs and rates of the counter clips: H.264 with B-frames, HEVC with open GOPs, 10-bit HEVC.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case h264At24, h264At30, h264At60, hevcAt30, hevc10At60
        var fps: Int { [.h264At24: 24, .h264At30: 30, .h264At60: 60, .hevcAt30: 30, .hevc10At60: 60][self]! }
        var encoder: [String] {
            switch self {
            case .h264At24, .h264At30, .h264At60: TestClips.h264
            case .hevcAt30: TestClips.hevc
            case .hevc10At60: TestClips.hevc10
            }
        }
        var testDescription: String { rawValue }
    }

    func counterClip(_ kind: Kind, frames: Int = 50) throws -> String {
        try TestClips.counterClip("\(kind).mp4", in: scratch.directory(), fps: kind.fps, frames: frames,
                                  encoder: kind.encoder)
    }

    @Test(arguments: Kind.allCases)
    func framesAreTimedAsFFprobeSaysAndShowTheirNumbers(_ kind: Kind) throws {
        let path = try counterClip(kind)
        let clip = try VideoClip(path: path)
        #expect((clip.width, clip.height) == (320, 192))
        let probed = try TestClips.probedTimes(path)
        #expect(clip.frameTimes.count == 50 && probed.count == 50)
        for (k, (ours, theirs)) in zip(clip.frameTimes, probed).enumerated() {
            #expect(abs(ours - theirs) < 1e-6, "frame \(k): \(ours) s, ffprobe \(theirs) s")
        }
        #expect(abs(clip.duration - 50 / Double(kind.fps)) < 1e-6)
        for k in 0..<clip.frameCount {
            let frame = try clip.frame(k)
            #expect(TestClips.frameNumber(frame) == k, "frame \(k)")
            #expect(TestClips.barError(frame) <= 4, "frame \(k): bars off by \(TestClips.barError(frame))")
        }
    }

    @Test(arguments: [Kind.h264At30, .hevcAt30, .hevc10At60])
    func anyOrderGivesTheBytesOfStreamingForward(_ kind: Kind) throws {
        let path = try counterClip(kind, frames: 64)
        let forward = try VideoClip(path: path)
        let frames = try (0..<forward.frameCount).map { k throws(RasterError) in try forward.frame(k) }
        #expect(frames.enumerated().allSatisfy { TestClips.frameNumber($1) == $0 })

        var random = SplitMix(seed: 7)
        let orders: [(String, [Int])] = [
            ("shuffled", Array(frames.indices).shuffled(using: &random)),
            ("backwards", frames.indices.reversed()),
            ("jumps", [40, 39, 13, 14, 12, 63, 0, 30, 29, 45, 44, 15, 16, 59, 1]),
        ]
        for (name, order) in orders {
            let clip = try VideoClip(path: path)
            for k in order {
                let same = try clip.frame(k) == frames[k]
                #expect(same, "\(name): frame \(k)")
            }
        }
        // One fresh clip per frame: the first request after opening.
        for k in [1, 11, 12, 13, 14, 15, 16, 17, 29, 30, 31, 44, 45, 46, 63] {
            let same = try VideoClip(path: path).frame(k) == frames[k]
            #expect(same, "fresh clip: frame \(k)")
        }
    }

    @Test func frameIndexPicksTheFrameWhoseSpanContainsTheTime() throws {
        let path = try counterClip(.h264At24, frames: 10)
        let clip = try VideoClip(path: path)
        let t = clip.frameTimes
        for k in t.indices {
            #expect(clip.frameIndex(at: t[k]) == k)
            #expect(clip.frameIndex(at: t[k] + 1e-6) == k)
            if k > 0 { #expect(clip.frameIndex(at: t[k] - 1e-6) == k - 1) }
            let end = k + 1 < t.count ? t[k + 1] : clip.duration
            #expect(clip.frameIndex(at: (t[k] + end) / 2) == k)
        }
        // n/fps in floating point lands on the frame starting then, even when it rounds low.
        #expect(clip.frameIndex(at: 3.0 / 24) == 3)
        #expect(clip.frameIndex(at: (3.0 / 24).nextDown) == 3)
        #expect(clip.frameIndex(at: -1) == 0)
        #expect(clip.frameIndex(at: clip.duration - 1e-6) == 9)
        #expect(clip.frameIndex(at: clip.duration + 5) == 9)
        #expect(clip.frameIndex(at: .nan) == 0)
    }
}

/// A small seeded generator, so a shuffled order is the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
