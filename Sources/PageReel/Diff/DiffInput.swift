import Foundation
import PageReelMedia

/// One side of `pagereel diff`: a video pagereel wrote (MP4, WebM, GIF, APNG through FFmpeg;
/// WebP through libwebp), a folder of PNG frames, or a deck rendered here, nothing written. Its
/// frames are read in order, each with when it starts.
final class DiffInput {
    let path: String
    let width: Int
    let height: Int
    /// When each frame starts (seconds from the first) and when the last ends.
    let frameTimes: [Double]
    let duration: Double
    private let source: Source

    private enum Source {
        case clip(VideoClip)
        case webp(WebPAnimation)
        case folder([String])
        case deck(FrameSource)
    }

    /// Opens `path`: a deck (`.json`) is rendered at `fps` (its own when nil) with the deck's
    /// files read from `allowing` too; a folder's PNGs (sorted by name) are frames at `fps` (30
    /// when nil). `inputMissing` when there is nothing at `path`, `inputInvalid` when it is no
    /// video, an invalid deck or a folder without PNGs.
    init(path: String, fps: Int?, allowing: [String]) throws(PageReelError) {
        self.path = path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .inputMissing(path: path, message: "file not found")
        }
        if isFolder.boolValue {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
                .filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
            guard !names.isEmpty else { throw .inputInvalid(path: path, message: "a folder without PNG frames") }
            let files = names.map { (path as NSString).appendingPathComponent($0) }
            let picture = try Self.media(path: files[0]) { () throws(MediaError) in try ImageDecoder.decode(fileAt: files[0]) }
            let rate = Double(fps ?? 30)
            source = .folder(files)
            (width, height) = (picture.width, picture.height)
            frameTimes = files.indices.map { Double($0) / rate }
            duration = Double(files.count) / rate
            return
        }
        if path.lowercased().hasSuffix(".json") {
            let project = try Project.load(path, allowing: allowing)
            let rate = fps ?? project.deck.canvas.fps
            guard (1...120).contains(rate) else { throw .usage("--fps: \(rate) is outside 1…120") }
            let frames = FrameSource(project: project, fps: rate)
            source = .deck(frames)
            (width, height) = (frames.width, frames.height)
            frameTimes = (0..<frames.frameCount).map { frames.time(ofFrame: $0) }
            duration = Double(frames.frameCount) / Double(rate)
            return
        }
        let head = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 12)) ?? nil
        if let head, WebPAnimation.isWebP(head) {
            let animation = try Self.media(path: path) { () throws(MediaError) in
                try WebPAnimation(file: InputRoots.anywhere().open(path))
            }
            source = .webp(animation)
            (width, height) = (animation.width, animation.height)
            frameTimes = animation.frameTimes
            duration = animation.duration
            return
        }
        let clip = try Self.media(path: path) { () throws(MediaError) in try VideoClip(path: path, conversion: .fast) }
        source = .clip(clip)
        (width, height) = (clip.width, clip.height)
        frameTimes = clip.frameTimes
        duration = clip.duration
    }

    /// Frame `k` (read forward from the last one asked for is fastest): a video's 8-bit 4:2:0
    /// pictures as their planes (`FrameComparison` converts what it needs of them), the rest RGBA.
    func frame(_ k: Int) throws(PageReelError) -> VideoPicture {
        switch source {
        case .clip(let clip):
            return try Self.media(path: path) { () throws(MediaError) in try clip.picture(k) }
        case .webp(let animation):
            if k < animation.position { animation.rewind() }
            var picture: Pixmap?
            while animation.position <= k {
                picture = try Self.media(path: path) { () throws(MediaError) in try animation.next() }
                if picture == nil { break }
            }
            guard let picture else { throw .inputInvalid(path: path, message: "frame \(k) is missing") }
            return .rgba(picture)
        case .folder(let files):
            return .rgba(try Self.media(path: files[k]) { () throws(MediaError) in try ImageDecoder.decode(fileAt: files[k]) })
        case .deck(let frames):
            var picture = Pixmap(width: 0, height: 0)
            try frames.render(frames.scene(frame: k), into: &picture)
            return .rgba(picture)
        }
    }

    /// The frame that shows at `time` give or take `tolerance` (seconds): the one whose span
    /// holds `time + tolerance`, so a frame a GIF's centiseconds start a little early or late is
    /// the frame of the same instant; nil past the end.
    func frame(at time: Double, tolerance: Double, from start: Int) -> Int? {
        guard time < duration - tolerance / 2 else { return nil }
        var k = min(max(start, 0), frameTimes.count - 1)
        let t = time + tolerance
        while k > 0, frameTimes[k] > t { k -= 1 }
        while k + 1 < frameTimes.count, frameTimes[k + 1] <= t { k += 1 }
        return k
    }

    /// Runs a media read, a missing file becoming `inputMissing` and every other failure `inputInvalid`.
    private static func media<T>(path: String, _ read: () throws(MediaError) -> T) throws(PageReelError) -> T {
        do {
            return try read()
        } catch .notFound(let missing) {
            throw .inputMissing(path: missing, message: "file not found")
        } catch {
            throw .inputInvalid(path: error.path.isEmpty ? path : error.path,
                                message: Self.message(of: error))
        }
    }

    private static func message(of error: MediaError) -> String {
        let text = error.description
        let prefix = error.path + ": "
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
}
