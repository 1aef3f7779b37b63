import Foundation

/// An animated GIF, WebP or APNG as Pillow decodes it (Debian's python3-pil, `/usr/bin/python3`):
/// an independent decoder for the encoders' tests.
public struct AnimatedImage {
    /// Frames in the file, each one's duration in ms, and the loop count as stored (Pillow's
    /// `info["loop"]`; nil when the file has none).
    public var frames: Int
    public var durations: [Double]
    public var loop: Int?
    /// Every frame composited as a viewer shows it, RGBA, one after another.
    public var rgba: [UInt8]

    /// Decodes `path` with Pillow. WebP sets a frame's duration only once it is loaded.
    public static func decode(_ path: String) throws -> AnimatedImage {
        let raw = path + ".rgba"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let script = """
            import json, sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            durations = []
            with open(sys.argv[2], 'wb') as out:
                for k in range(getattr(im, 'n_frames', 1)):
                    im.seek(k)
                    im.load()
                    durations.append(im.info.get('duration', 0))
                    out.write(im.convert('RGBA').tobytes())
            print(json.dumps({'frames': getattr(im, 'n_frames', 1), 'durations': durations, 'loop': im.info.get('loop')}))
            """
        let output = try Command.run("/usr/bin/python3", ["-c", script, path, raw])
        guard output.status == 0 else { throw Command.Failure(description: "Pillow: \(output.stderr)") }
        let json = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any] ?? [:]
        return AnimatedImage(frames: json["frames"] as? Int ?? 0,
                             durations: (json["durations"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue },
                             loop: json["loop"] as? Int, rgba: [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw))))
    }

    /// Each frame's duration as a browser holds it: whole milliseconds, the fraction dropped
    /// (Chromium's PNG decoder: ⌊1000·num/den⌋ of an APNG's `fcTL` delay; WebP stores whole ms).
    public var browserDurations: [Int] { durations.map { Int(($0 + 1e-9).rounded(.down)) } }

    /// Frame `k`'s pixels, for frames of `width`×`height`.
    public func frame(_ k: Int, width: Int, height: Int) -> ArraySlice<UInt8> {
        let size = width * height * 4
        return rgba[k * size..<(k + 1) * size]
    }

    /// PSNR over RGB of `a` against `b` (equal sizes); infinity when they are equal.
    public static func psnr<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Double {
        var sum = 0.0, count = 0
        for (k, (x, y)) in zip(a, b).enumerated() where k % 4 != 3 {
            let d = Double(x) - Double(y)
            sum += d * d
            count += 1
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(count)))
    }
}
