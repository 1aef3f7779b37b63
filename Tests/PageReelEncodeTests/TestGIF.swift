import Foundation
import PageReelTestSupport
@testable import PageReelEncode
import PageReelMedia

/// Encodes GIFs for the tests and measures them the way a viewer sees them: decoded by ffmpeg,
/// never compared byte for byte.
enum TestGIF {
    /// Writes `frames` (absolute indices from `first`) to `directory`/`name` with `GIFWriter`.
    static func encode(_ frames: [Pixmap], options: GIFOptions, first: Int = 0, in directory: String,
                       name: String = "out.gif") throws -> String {
        let path = directory + "/" + name
        let writer = try GIFWriter(path: path, options: options)
        for (i, frame) in frames.enumerated() { try writer.write(frame, index: first + i) }
        try writer.finish()
        return path
    }

    static func structure(_ path: String) throws -> GIFStructure {
        try GIFStructure([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static func size(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    }

    /// The GIF decoded by ffmpeg and resampled to `fps`: one RGB24 picture per source frame,
    /// whatever frames the GIF merged.
    static func decode(_ path: String, fps: Int) throws -> [UInt8] {
        [UInt8](try Command.check("ffmpeg", ["-v", "error", "-i", path, "-vf", "fps=\(fps)",
                                             "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }

    /// PSNR (RGB) of decoded pictures against the source frames; 0 if the frame count differs.
    static func psnr(_ rgb: [UInt8], _ frames: [Pixmap]) -> Double {
        let pixels = frames[0].width * frames[0].height
        guard rgb.count == frames.count * pixels * 3 else { return 0 }
        var squaredError = 0.0
        for (k, frame) in frames.enumerated() {
            for p in 0..<pixels {
                for c in 0..<3 {
                    let d = Double(rgb[(k * pixels + p) * 3 + c]) - Double(frame.pixels[p * 4 + c])
                    squaredError += d * d
                }
            }
        }
        guard squaredError > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squaredError / Double(frames.count * pixels * 3)))
    }

    /// The RGB bytes of the frames, as ffmpeg would decode a perfect GIF of them.
    static func rgb(_ frames: [Pixmap]) -> [UInt8] {
        frames.flatMap { frame in (0..<frame.width * frame.height).flatMap { frame.pixels[$0 * 4..<$0 * 4 + 3] } }
    }

    /// The two ffmpeg recipes pagereel's GIFs are measured against, on the same frames: one
    /// palette per frame (`stats_mode=single`, `new=1`), and the two-pass diff palette with
    /// bayer dithering and rectangle diffs. Returns their paths.
    static func ffmpegBaselines(_ frames: [Pixmap], fps: Int, in directory: String) throws -> (perFrame: String, twoPass: String) {
        let raw = directory + "/frames.raw"
        try Data(frames.flatMap(\.pixels)).write(to: URL(fileURLWithPath: raw))
        let input = ["-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(frames[0].width)x\(frames[0].height)",
                     "-r", "\(fps)", "-i", raw]
        let perFrame = directory + "/per-frame.gif", palette = directory + "/palette.png", twoPass = directory + "/two-pass.gif"
        _ = try Command.check("ffmpeg", input + ["-lavfi", "split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1",
                                                 perFrame])
        _ = try Command.check("ffmpeg", input + ["-vf", "palettegen=stats_mode=diff", palette])
        _ = try Command.check("ffmpeg", input + ["-i", palette, "-lavfi",
                                                 "[0:v][1:v]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle", twoPass])
        return (perFrame, twoPass)
    }
}
