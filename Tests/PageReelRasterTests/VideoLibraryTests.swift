import Foundation
@testable import PageReelRaster
import PageReelTestSupport
import Testing

/// How much smaller than the file a recording's frames are converted, by the size they are drawn at.
@Suite struct VideoLibraryTests {
    @Test(arguments: [
        // A 1080×1920 recording on a 360×640 page: 540×960 still covers it, 270×480 would not.
        (1080, 1920, 360.0, 640.0, 2),
        (1080, 1920, 270.0, 480.0, 4),
        (1080, 1920, 271.0, 480.0, 2),
        // Drawn at its size or larger: converted whole.
        (1080, 1920, 1080.0, 1920.0, 1),
        (1080, 1920, 2000.0, 4000.0, 1),
        // The narrower axis decides.
        (1920, 1080, 960.0, 1080.0, 1),
        // Never more than 16.
        (3840, 2160, 10.0, 10.0, 16),
    ])
    func reductionKeepsTheFrameAtLeastTheDrawnSize(width: Int, height: Int, drawnWidth: Double, drawnHeight: Double,
                                                   expected: Int) {
        let reduction = VideoLibrary.reduction(width: width, height: height, drawn: (drawnWidth, drawnHeight))
        #expect(reduction == expected)
        #expect(Double(width / reduction) >= min(drawnWidth, Double(width)) || reduction == 16)
    }

    /// A 640×256 recording drawn at 160×64 is converted at 160×64 by libswscale: the frame the
    /// library gives is that size and FFmpeg's bicubic scaling of the decoded frame to it; drawn at
    /// 320×128 or more, it comes whole.
    @Test func aFrameDrawnSmallerIsConvertedReduced() throws {
        let scratch = ScratchDirectory()
        let path = try TestClips.make("large.mp4", in: scratch.directory(), [
            "-f", "lavfi", "-i", "testsrc2=s=640x256:r=30", "-frames:v", "3"] + TestClips.h264)
        let library = VideoLibrary()
        let reduced = try library.frame(2, of: path, drawn: (160, 64))
        #expect(reduced.width == 160 && reduced.height == 64)
        #expect(try library.frame(2, of: path, drawn: (319, 127)).width == 320)
        #expect(try library.frame(2, of: path).width == 640)
        let reference = [UInt8](try Command.check("ffmpeg", [
            "-v", "error", "-i", path, "-vf", "select=eq(n\\,2),scale=160:64:flags=bicubic+accurate_rnd+full_chroma_int",
            "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
        #expect(reference.count == 160 * 64 * 3)
        var worst = 0
        for i in 0..<(160 * 64) {
            let texel = reduced.texels[i]
            for c in 0..<3 {
                worst = max(worst, abs(Int((texel >> (8 * UInt32(c))) & 0xFF) - Int(reference[i * 3 + c])))
            }
        }
        #expect(worst <= 2, "off by up to \(worst) levels from FFmpeg's scaling")
    }
}
