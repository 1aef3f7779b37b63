import Foundation
import PageReelMedia
import PageReelTestSupport
import Testing

/// Opening clips, timing their frames and decoding them: against ffprobe's timestamps and the
/// frame numbers the test clips show, and the same bytes whatever order frames are asked in.
@Suite struct VideoClipTests {
    let scratch = ScratchDirectory()

    /// Codecs, rates and containers of the counter clips: H.264 with B-frames, HEVC with open
    /// GOPs, 10-bit HEVC in a QuickTime file (as iPhones record).
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case h264At24, h264At30, h264At60, hevcAt30, hevc10At60InMOV
        var fps: Int { [.h264At24: 24, .h264At30: 30, .h264At60: 60, .hevcAt30: 30, .hevc10At60InMOV: 60][self]! }
        var encoder: [String] {
            switch self {
            case .h264At24, .h264At30, .h264At60: TestClips.h264
            case .hevcAt30: TestClips.hevc
            case .hevc10At60InMOV: TestClips.hevc10
            }
        }
        var file: String { self == .hevc10At60InMOV ? "\(self).mov" : "\(self).mp4" }
        var testDescription: String { rawValue }
    }

    func counterClip(_ kind: Kind, frames: Int = 50) throws -> String {
        try TestClips.counterClip(kind.file, in: scratch.directory(), fps: kind.fps, frames: frames,
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

    @Test(arguments: [Kind.h264At30, .hevcAt30, .hevc10At60InMOV])
    func anyOrderGivesTheBytesOfStreamingForward(_ kind: Kind) throws {
        let path = try counterClip(kind, frames: 64)
        let forward = try VideoClip(path: path)
        let frames = try (0..<forward.frameCount).map { k throws(MediaError) in try forward.frame(k) }
        #expect(frames.enumerated().allSatisfy { TestClips.frameNumber($1) == $0 })

        var random = SplitMix64(seed: 7)
        let orders: [(String, [Int])] = [
            ("shuffled", Array(frames.indices).shuffled(using: &random)),
            ("backwards", frames.indices.reversed()),
            ("jumps", [40, 39, 13, 14, 12, 63, 0, 30, 29, 45, 44, 15, 16, 59, 1]),
            // Three places streaming forward at once, as a page and two layers showing one file.
            ("interleaved", (0..<21).flatMap { [$0, 21 + $0, 42 + $0] }),
            ("four places", (0..<16).flatMap { [$0, 16 + $0, 32 + $0, 48 + $0] }),
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

    @Test func callsFromManyThreadsGetTheFramesOfOne() async throws {
        let path = try counterClip(.h264At30, frames: 36)
        let reference = try VideoClip(path: path)
        let expected = try (0..<36).map { k throws(MediaError) in try reference.frame(k) }
        let clip = try VideoClip(path: path)
        try await withThrowingTaskGroup(of: (Int, Pixmap).self) { group in
            for k in [35, 0, 17, 18, 5, 30, 29, 1, 12, 11, 24, 6] { group.addTask { (k, try clip.frame(k)) } }
            for try await (k, frame) in group {
                let same = frame == expected[k]
                #expect(same, "frame \(k)")
            }
        }
    }

    /// Frames 40 ms apart plus 0, 7 or 14 ms (irregular steps, as a phone records), with B-frames.
    @Test func variableFrameRateIsTimedFrameByFrame() throws {
        let path = try TestClips.counterClip("vfr.mp4", in: scratch.directory(), fps: 25, frames: 40,
                                             encoder: TestClips.h264, filters: "settb=1/1000,setpts='40*N+7*mod(N,3)'",
                                             output: ["-fps_mode", "passthrough"])
        let clip = try VideoClip(path: path)
        let expected = (0..<40).map { (k: Int) -> Double in Double(40 * k + 7 * (k % 3)) / 1000 }
        let probed = try TestClips.probedTimes(path)
        #expect(clip.frameTimes.count == 40)
        for k in 0..<40 {
            #expect(abs(clip.frameTimes[k] - expected[k]) < 1e-6 && abs(clip.frameTimes[k] - probed[k]) < 1e-6,
                    "frame \(k): \(clip.frameTimes[k]) s")
            #expect(clip.frameIndex(at: expected[k] + 0.001) == k)
        }
        for k in [39, 0, 20, 19, 3, 2, 1, 38] {
            #expect(TestClips.frameNumber(try clip.frame(k)) == k)
        }
    }

    /// A clip cut with `-ss` and stream copy starts mid-GOP: the container lists the packets from
    /// the keyframe before, with an edit list hiding the pictures before the cut. Those are not
    /// frames; the audio stream beside the video changes nothing.
    @Test func anEditListHidesThePicturesBeforeTheCut() throws {
        let folder = try scratch.directory()
        let whole = try TestClips.make("whole.mp4", in: folder, [
            "-f", "lavfi", "-i", "color=black:s=320x192:r=30,format=yuv420p,\(TestClips.counter)",
            "-f", "lavfi", "-i", "sine=d=3", "-frames:v", "60", "-c:a", "aac", "-shortest"] + TestClips.h264)
        let cut = try TestClips.make("cut.mp4", in: folder, ["-ss", "0.5", "-i", whole, "-c", "copy"])
        let clip = try VideoClip(path: cut)
        let probed = try TestClips.probedTimes(cut)
        #expect(clip.frameCount == 45 && probed.count == 45)
        #expect(zip(clip.frameTimes, probed).allSatisfy { abs($0 - $1) < 1e-6 })
        for k in [0, 1, 44, 2, 20, 19, 0] {
            #expect(TestClips.frameNumber(try clip.frame(k)) == k + 15, "frame \(k)")
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

