import Foundation

/// Screen recordings made with FFmpeg for tests, whose frames say which frame they are.
///
/// Frame k of a counter clip shows k in binary as `bars` vertical bars across the picture: bar b
/// (from the left) is white when bit b of k is set, black otherwise. Bars survive scaling and
/// lossy coding, so the source frame an output frame shows is read back from its pixels.
public enum Recording {
    /// Bars in a counter clip: frames 0…1023.
    public static let bars = 10

    /// Writes a counter clip of `frames` frames at `fps` to `path` with FFmpeg's libx264 (B-frames
    /// and a keyframe every `gop` frames, so decoding reorders and seeking lands between keyframes).
    /// `extra` goes before the output path (`-color_range`, codec options…).
    public static func counter(at path: String, fps: Int, frames: Int, width: Int = 160, height: Int = 64,
                               gop: Int = 12, extra: [String] = []) throws {
        let bit = "pow(2,floor(X*\(bars)/W))"
        let source = "nullsrc=s=\(width)x\(height):r=\(fps),format=yuv420p,"
            + "geq=lum='255*gt(bitand(N,\(bit)),0)':cb=128:cr=128"
        _ = try Command.check("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", source, "-frames:v", String(frames),
                                         "-c:v", "libx264", "-preset", "veryfast", "-crf", "12", "-g", String(gop),
                                         "-bf", "2", "-pix_fmt", "yuv420p"] + extra + [path])
    }

    /// Copies `source` to `path` with a display matrix turning it `degrees` clockwise, as phones
    /// tag portrait recordings.
    public static func rotated(_ source: String, to path: String, degrees: Int) throws {
        _ = try Command.check("ffmpeg", ["-v", "error", "-y", "-i", source, "-c", "copy",
                                         "-metadata:s:v:0", "rotate=\(degrees)", path])
    }

    /// The counter shown in a box of a packed RGB image (`channels` bytes per pixel, rows of
    /// `width` pixels): each bar's centre on the box's middle row, white above half grey.
    public static func counter(in rgb: [UInt8], width: Int, channels: Int = 3,
                               box: (x: Double, y: Double, width: Double, height: Double)) -> Int {
        let y = Int(box.y + box.height / 2)
        var value = 0
        for b in 0..<bars {
            let x = Int(box.x + (Double(b) + 0.5) * box.width / Double(bars))
            let i = (y * width + x) * channels
            let luma = (Int(rgb[i]) + Int(rgb[i + 1]) + Int(rgb[i + 2])) / 3
            if luma > 128 { value |= 1 << b }
        }
        return value
    }
}
