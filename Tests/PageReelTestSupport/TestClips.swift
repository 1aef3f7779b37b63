import Foundation
import PageReelMedia

/// Video clips for the decoder's tests, made by the ffmpeg CLI (FFmpeg 5.1, installed by
/// Scripts/setup) in a scratch folder, and ways to read what a decoded frame shows.
public enum TestClips {
    /// Frame n shows n in binary in 8 bars across the top third (bar b white when bit b of n is set,
    /// black otherwise: luma 235 or 16, neutral chroma) above a pattern that moves every frame, so
    /// the encoder predicts between frames and a decoder missing a reference shows it. geq's X, Y,
    /// W, H are per plane, so `Y < H/3` is the same region in luma and chroma.
    public static let counter = "geq=lum='if(lt(Y,H/3),16+219*mod(floor(N/pow(2,floor(X*8/W))),2),16+mod(X+2*Y+5*N,219))'"
        + ":cb='if(lt(Y,H/3),128,64+mod(X+3*N,128))':cr='if(lt(Y,H/3),128,96+mod(Y+2*N,64))'"

    /// H.264 with up to 3 B-frames (x264 uses them as references: b-pyramid) and a keyframe every 12.
    public static let h264 = ["-c:v", "libx264", "-bf", "3", "-g", "12", "-crf", "23", "-pix_fmt", "yuv420p"]
    /// HEVC with a keyframe every 15 frames and open GOPs: the keyframes after the first are CRA
    /// pictures whose leading (RASL) pictures refer to the GOP before, which a decoder that seeks to
    /// the CRA skips.
    public static let hevc = ["-c:v", "libx265", "-pix_fmt", "yuv420p", "-tag:v", "hvc1", "-x265-params",
                       "log-level=error:keyint=15:min-keyint=15:scenecut=0:bframes=4:open-gop=1"]
    /// The same HEVC, 10 bits a sample.
    public static let hevc10 = hevc.map { $0 == "yuv420p" ? "yuv420p10le" : $0 }

    /// Runs `ffmpeg -v error -y <arguments> <folder>/<name>` and returns the output's path.
    public static func make(_ name: String, in folder: String, _ arguments: [String]) throws -> String {
        let path = folder + "/" + name
        _ = try Command.check("ffmpeg", ["-v", "error", "-y"] + arguments + [path])
        return path
    }

    /// `frames` counter frames at `fps`, encoded with `encoder`'s arguments. `filters` come after
    /// the counter (e.g. `setpts` for a variable frame rate).
    public static func counterClip(_ name: String, in folder: String, fps: Int, frames: Int, size: String = "320x192",
                            encoder: [String], filters: String = "", output: [String] = []) throws -> String {
        let source = "color=black:s=\(size):r=\(fps),format=yuv420p,\(counter)" + (filters.isEmpty ? "" : ",\(filters)")
        return try make(name, in: folder, ["-f", "lavfi", "-i", source, "-frames:v", "\(frames)"] + encoder + output)
    }

    /// The centre of bar `bit` of a counter frame.
    public static func barCentre(_ bit: Int, in pixmap: Pixmap) -> (x: Int, y: Int) {
        (pixmap.width * (2 * bit + 1) / 16, pixmap.height / 6)
    }

    /// The number a counter frame shows.
    public static func frameNumber(_ pixmap: Pixmap) -> Int {
        (0..<8).reduce(0) { number, bit in
            let (x, y) = barCentre(bit, in: pixmap)
            return pixmap.pixel(x: x, y: y).g > 128 ? number | 1 << bit : number
        }
    }

    /// How far the bars' centres are from pure black or white (0 to 255 levels), at worst.
    public static func barError(_ pixmap: Pixmap) -> Int {
        (0..<8).map { bit in
            let (x, y) = barCentre(bit, in: pixmap)
            let p = pixmap.pixel(x: x, y: y)
            let target = p.g > 128 ? 255 : 0
            return [p.r, p.g, p.b].map { abs(Int($0) - target) }.max()!
        }.max()!
    }

    /// ffprobe's presentation time of every frame, counted from the first.
    public static func probedTimes(_ path: String) throws -> [Double] {
        let times = try Probe.frameTimes(path)
        return times.map { $0 - (times.first ?? 0) }
    }

    /// Every frame ffmpeg decodes, as RGB24, with `filters` (e.g. a colour matrix) before the
    /// conversion; autorotation on, as ffmpeg does by default.
    public static func ffmpegRGB(_ path: String, filters: String? = nil) throws -> [UInt8] {
        let vf = filters.map { ["-vf", $0] } ?? []
        return [UInt8](try Command.check("ffmpeg", ["-v", "error", "-i", path] + vf
            + ["-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }
}
