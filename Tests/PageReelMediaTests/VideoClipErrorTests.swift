import Foundation
import PageReelMedia
import PageReelTestSupport
import Testing

/// Files a page's video cannot be made from: each is refused when opened, with the case the
/// command line maps to its exit code and FFmpeg's reason in the message.
@Suite struct VideoClipErrorTests {
    let scratch = ScratchDirectory()

    /// Opens `path` expecting `.badVideo` whose message contains `reason`.
    func expectBadVideo(_ path: String, maxPixels: Int = ImageDecoder.maxPixels, _ reason: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let clip = try VideoClip(path: path, maxPixels: maxPixels)
            Issue.record("opened a \(clip.width)×\(clip.height) clip", sourceLocation: sourceLocation)
        } catch {
            guard case .badVideo(let errorPath, let message) = error else {
                Issue.record("expected .badVideo, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(errorPath == path, sourceLocation: sourceLocation)
            #expect(message.contains(reason), "message: \(message)", sourceLocation: sourceLocation)
            #expect(error.description == "\(path): \(message)", sourceLocation: sourceLocation)
        }
    }

    @Test func aMissingFileIsNotFound() throws {
        let path = try scratch.directory() + "/missing.mp4"
        #expect(throws: MediaError.notFound(path: path)) { try VideoClip(path: path) }
    }

    @Test func textIsNotAVideo() throws {
        let path = try scratch.directory() + "/notes.mp4"
        try "hello, not a video\n".write(toFile: path, atomically: true, encoding: .utf8)
        expectBadVideo(path, "not a video libavformat can open: Invalid data found when processing input")
    }

    @Test func audioHasNoVideoStream() throws {
        let folder = try scratch.directory()
        let audio = try TestClips.make("audio.m4a", in: folder, ["-f", "lavfi", "-i", "sine=d=0.5", "-c:a", "aac"])
        expectBadVideo(audio, "no video stream: Stream not found")
        // A cover picture is a video stream to libavformat, but not a video.
        let cover = try TestClips.make("cover.png", in: folder, ["-f", "lavfi", "-i", "color=red:s=32x32",
                                                                 "-frames:v", "1"])
        let album = try TestClips.make("album.m4a", in: folder, ["-f", "lavfi", "-i", "sine=d=0.5", "-i", cover,
                                                                 "-map", "0", "-map", "1", "-c:a", "aac", "-c:v", "png",
                                                                 "-disposition:v", "attached_pic"])
        expectBadVideo(album, "no video stream, only a cover picture")
    }

    @Test func anImageIsNotAVideo() throws {
        let folder = try scratch.directory()
        let png = try TestClips.make("still.png", in: folder, ["-f", "lavfi", "-i", "color=red:s=32x32", "-frames:v", "1"])
        let renamed = folder + "/still.mp4"
        try FileManager.default.moveItem(atPath: png, toPath: renamed)
        expectBadVideo(renamed, "a still image (png_pipe), not a video")
    }

    /// An HLS playlist named like a video is probed as HLS (content beats the name), whose
    /// demuxer would fetch its segments; it is refused by name before any demuxer opens it.
    @Test func aPlaylistPosingAsAVideoReadsNoURL() throws {
        let path = try scratch.directory() + "/playlist.mp4"
        try "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:9/segment.ts\n#EXT-X-ENDLIST\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        expectBadVideo(path, "a playlist (hls), not a video: pagereel reads one file, never the files a list names")
    }

    /// A list of files, a DASH manifest and a raw elementary stream are not containers pagereel
    /// reads; each is refused by what it is, before a demuxer opens it.
    @Test func onlyRealContainersOpen() throws {
        let folder = try scratch.directory()
        let clip = try TestClips.counterClip("clip.mp4", in: folder, fps: 30, frames: 4, size: "64x64", encoder: TestClips.h264)
        let list = folder + "/list.mp4"
        try "ffconcat version 1.0\nfile \(clip)\n".write(toFile: list, atomically: true, encoding: .utf8)
        expectBadVideo(list, "a playlist (concat), not a video")
        let raw = try TestClips.counterClip("raw.mp4", in: folder, fps: 30, frames: 4, size: "64x64", encoder: TestClips.h264,
                                            output: ["-f", "h264"])
        expectBadVideo(raw, "raw H.264 video, not a video in a container pagereel reads")
        let nut = try TestClips.counterClip("clip.nut", in: folder, fps: 30, frames: 4, size: "64x64", encoder: TestClips.h264)
        expectBadVideo(nut, "NUT, not a video in a container pagereel reads (MP4/MOV, Matroska/WebM")
    }

    /// The containers screen recorders write open, whatever their names say, and every frame
    /// decodes to the one the file holds there, in order and after a seek back (Matroska with
    /// B-frames has no decode times).
    @Test(arguments: [("mkv", TestClips.h264), ("webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-g", "12"]),
                      ("avi", ["-c:v", "mpeg4", "-q:v", "2", "-g", "12"]), ("ts", TestClips.h264),
                      ("flv", ["-c:v", "flv", "-q:v", "2", "-g", "12"]), ("gif", ["-c:v", "gif"]),
                      ("apng", ["-c:v", "apng", "-f", "apng"])])
    func recordersContainersOpen(_ container: String, _ encoder: [String]) throws {
        let folder = try scratch.directory()
        let path = try TestClips.counterClip("clip.\(container)", in: folder, fps: 10, frames: 30, size: "256x64",
                                             encoder: encoder)
        let renamed = folder + "/named-like-a.mov"
        try FileManager.default.moveItem(atPath: path, toPath: renamed)
        let clip = try VideoClip(path: renamed)
        #expect(clip.width == 256 && clip.height == 64 && clip.frameCount == 30, "\(container)")
        for k in [0, 1, 2, 3, 25, 5, 29, 13] {
            #expect(TestClips.frameNumber(try clip.frame(k)) == k, "\(container) frame \(k)")
        }
    }

    /// A container may declare at most `VideoDemuxer.maxStreams` streams.
    @Test func aContainerWithTooManyStreamsIsRefused() throws {
        let folder = try scratch.directory()
        let maps = (0..<40).flatMap { _ in ["-map", "0"] }
        let many = try TestClips.make("many.mkv", in: folder, ["-f", "lavfi", "-i", "color=red:s=16x16:d=0.2"] + maps
                                      + ["-c:v", "mjpeg"])
        expectBadVideo(many, "it declares more than 32 streams")
    }

    @Test func aTruncatedFileIsRefused() throws {
        let folder = try scratch.directory()
        // moov last (ffmpeg's default): cut, the file has no index at all.
        let clip = try TestClips.counterClip("whole.mp4", in: folder, fps: 30, frames: 30, encoder: TestClips.h264)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
        let cut = folder + "/cut.mp4"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        expectBadVideo(cut, "not a video libavformat can open: Invalid data found when processing input")
        // moov first: the index is there, the samples it lists are not.
        let fast = try TestClips.make("fast.mp4", in: folder, ["-i", clip, "-c", "copy", "-movflags", "+faststart"])
        let fastBytes = try Data(contentsOf: URL(fileURLWithPath: fast))
        let fastCut = folder + "/fast-cut.mp4"
        try fastBytes.prefix(fastBytes.count / 2).write(to: URL(fileURLWithPath: fastCut))
        expectBadVideo(fastCut, "truncated: the file ends after ")
        expectBadVideo(fastCut, " of the 30 video packets it lists (End of file)")
    }

    @Test func picturesOverThePixelLimitAreRefused() throws {
        let clip = try TestClips.counterClip("c.mp4", in: scratch.directory(), fps: 30, frames: 3, encoder: TestClips.h264)
        expectBadVideo(clip, maxPixels: 60_000, "320×192 is 61440 pixels, over the limit of 60000 pixels")
        #expect(try VideoClip(path: clip, maxPixels: 61_440).width == 320)
    }

    @Test func aDirectoryIsNotAVideo() throws {
        let folder = try scratch.directory()
        #expect(throws: MediaError.self) { try VideoClip(path: folder) }
    }
}
