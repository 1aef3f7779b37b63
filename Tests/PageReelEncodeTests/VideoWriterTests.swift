import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelMedia

/// MP4/WebM output checked through ffprobe and ffmpeg's decoder.
@Suite struct VideoWriterTests {
    let scratch = ScratchDirectory()

    init() { FFmpegLog.setLevel(.error) }

    /// Encodes `count` frames of the moving-box pattern; the box moves 4 px a frame.
    @discardableResult
    func encode(_ options: VideoOptions, count: Int, first: Int = 0, to path: String) throws -> String {
        let writer = try VideoWriter(path: path, options: options)
        for i in 0..<count {
            try writer.write(TestFrames.frame(width: options.width, height: options.height, boxX: 4 * i, box: 16),
                             index: first + i)
        }
        try writer.finish()
        return path
    }

    /// The four-character types of the top-level boxes of an ISO-BMFF file, in order.
    func topLevelAtoms(_ path: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var atoms: [String] = [], offset = 0
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            atoms.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            if size == 1 { size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) } }
            if size == 0 { break }
            offset += size
        }
        return atoms
    }

    func pixel(_ rgb: [UInt8], frame: Int, x: Int, y: Int, width: Int, height: Int) -> [Int] {
        let i = ((frame * height + y) * width + x) * 3
        return [Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2])]
    }

    func isClose(_ a: [Int], _ b: TestFrames.RGB, tolerance: Int) -> Bool {
        abs(a[0] - Int(b.r)) <= tolerance && abs(a[1] - Int(b.g)) <= tolerance && abs(a[2] - Int(b.b)) <= tolerance
    }

    @Test func h264StreamIsTaggedBT709AndHasEveryFrame() throws {
        let path = try encode(VideoOptions(width: 320, height: 240, fps: 30), count: 45,
                              to: scratch.directory() + "/out.mp4")
        let (stream, format) = try Probe(path).streamAndFormat
        #expect(stream["codec_name"] as? String == "h264")
        #expect(stream["profile"] as? String == "High")
        #expect(stream["pix_fmt"] as? String == "yuv420p")
        #expect(stream["color_primaries"] as? String == "bt709")
        #expect(stream["color_transfer"] as? String == "bt709")
        #expect(stream["color_space"] as? String == "bt709")
        #expect(stream["color_range"] as? String == "tv")
        #expect(stream["avg_frame_rate"] as? String == "30/1")
        #expect(stream["nb_read_frames"] as? String == "45")
        #expect(stream["width"] as? Int == 320 && stream["height"] as? Int == 240)
        #expect(Double(format["duration"] as? String ?? "") == 1.5)
        #expect(Double(stream["duration"] as? String ?? "") == 1.5)
    }

    @Test func faststartPutsMoovBeforeMdat() throws {
        let path = try encode(VideoOptions(width: 160, height: 120, fps: 30), count: 10,
                              to: scratch.directory() + "/out.mp4")
        let atoms = try topLevelAtoms(path)
        let moov = try #require(atoms.firstIndex(of: "moov"))
        let mdat = try #require(atoms.firstIndex(of: "mdat"))
        #expect(moov < mdat, "atoms: \(atoms)")
    }

    @Test func decodedColoursMatchTheSourceInFrameOrder() throws {
        let (w, h) = (320, 240)
        let path = try encode(VideoOptions(width: w, height: h, fps: 30), count: 45,
                              to: scratch.directory() + "/out.mp4")
        let rgb = try Probe.decodeRGB(path)
        #expect(rgb.count == 45 * w * h * 3)
        for frame in [0, 44] {
            for (i, colour) in TestFrames.patches.enumerated() {
                let (x, y) = TestFrames.patchCentre(i, width: w, height: h)
                let decoded = pixel(rgb, frame: frame, x: x, y: y, width: w, height: h)
                // BT.601 maths under BT.709 tags would give red ≈ (232, 0, 1): far outside ±6.
                #expect(isClose(decoded, colour, tolerance: 6), "frame \(frame) patch \(i): \(decoded)")
            }
            let background = pixel(rgb, frame: frame, x: w - 4, y: h - 4, width: w, height: h)
            #expect(isClose(background, TestFrames.grey, tolerance: 6), "background \(background)")
        }
        // The 16 px box is at x = 4·frame: its centre is yellow there and grey 60 px to the right.
        for frame in [10, 30] {
            let centre = pixel(rgb, frame: frame, x: 4 * frame + 8, y: h * 3 / 4, width: w, height: h)
            let beside = pixel(rgb, frame: frame, x: 4 * frame + 68, y: h * 3 / 4, width: w, height: h)
            #expect(isClose(centre, TestFrames.yellow, tolerance: 12), "box in frame \(frame): \(centre)")
            #expect(isClose(beside, TestFrames.grey, tolerance: 12), "beside the box in frame \(frame): \(beside)")
        }
    }

    /// A frame flagged as repeating the previous one skips the RGBA → YUV conversion, and the
    /// encoder is given the same pictures as without the hint. Encoded losslessly (CRF 0) and decoded
    /// back to YUV 4:2:0, each file shows exactly what its encoder received; and the files are the
    /// same bytes (x264 encoders side by side in one process, as this suite runs them, once differed
    /// here by a byte in the first packet: x264's AVX-512 code, see `x264KeepsToAVX2`).
    @Test func repeatedFramesGiveTheSamePictures() throws {
        let options = VideoOptions(width: 160, height: 96, fps: 30, crf: 0)
        var files: [Data] = []
        func pictures(hint: (Int) -> Bool) throws -> [UInt8] {
            let path = try scratch.directory() + "/hold-\(UUID().uuidString).mp4"
            let writer = try VideoWriter(path: path, options: options)
            for i in 0..<24 {
                // Each box position is held for three frames.
                let frame = TestFrames.frame(width: 160, height: 96, boxX: 6 * (i / 3), box: 16)
                try writer.write(frame, index: i, repeatsPrevious: hint(i))
            }
            try writer.finish()
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            return [UInt8](try Command.check("ffmpeg", ["-v", "error", "-i", path, "-fps_mode", "passthrough",
                                                         "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"]))
        }
        let plain = try pictures { _ in false }
        let frameBytes = 160 * 96 * 3 / 2
        #expect(plain.count == 24 * frameBytes)
        #expect(try pictures { $0 % 3 != 0 } == plain)
        #expect(files.count == 2 && files[0] == files[1])
        // A hint on a frame that did change shows the old picture: the comparison sees it.
        #expect(try pictures { $0 % 3 != 0 || $0 == 3 } != plain)
    }

    /// x264 keeps to the instruction sets up to AVX2 on a CPU with AVX-512 (its AVX-512 code reads
    /// memory it has not written; ProcessDeterminismTests shows what that did to the bytes), and
    /// to what it finds itself on any other: the test is x264's, checked against the kernel's
    /// flags for the same five extensions.
    @Test func x264KeepsToAVX2() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let line = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") } ?? ""
        let flags = Set(line.split(separator: " ").map(String.init))
        let avx512 = ["avx512f", "avx512dq", "avx512cd", "avx512bw", "avx512vl"].allSatisfy(flags.contains)
        #expect(VideoWriter.x264CPU == (avx512 ? "AVX2" : nil), "flags: \(flags.filter { $0.hasPrefix("avx") }.sorted())")
    }

    @Test func sixtyFPSKeepsExactDuration() throws {
        let path = try encode(VideoOptions(width: 160, height: 96, fps: 60), count: 60,
                              to: scratch.directory() + "/out.mp4")
        let (stream, format) = try Probe(path).streamAndFormat
        #expect(stream["avg_frame_rate"] as? String == "60/1")
        #expect(stream["nb_read_frames"] as? String == "60")
        #expect(Double(format["duration"] as? String ?? "") == 1.0)
    }

    @Test func oddSizeIsPaddedWithEdgePixels() throws {
        let (w, h) = (321, 241)
        let path = try encode(VideoOptions(width: w, height: h, fps: 30), count: 5,
                              to: scratch.directory() + "/out.mp4")
        let (stream, _) = try Probe(path).streamAndFormat
        #expect(stream["width"] as? Int == 322 && stream["height"] as? Int == 242)
        let rgb = try Probe.decodeRGB(path)
        // The right edge of the top half is the white patch, the bottom row is grey: repeated
        // edge pixels keep those colours in the padding, black padding would not.
        let rightEdge = pixel(rgb, frame: 2, x: 321, y: 60, width: 322, height: 242)
        let bottomRow = pixel(rgb, frame: 2, x: 300, y: 241, width: 322, height: 242)
        #expect(isClose(rightEdge, TestFrames.white, tolerance: 6), "right padding \(rightEdge)")
        #expect(isClose(bottomRow, TestFrames.grey, tolerance: 6), "bottom padding \(bottomRow)")
    }

    @Test func shardTimestampsStartAtZero() throws {
        let path = try encode(VideoOptions(width: 160, height: 96, fps: 30), count: 30, first: 100,
                              to: scratch.directory() + "/shard.mp4")
        let (stream, format) = try Probe(path).streamAndFormat
        #expect(stream["nb_read_frames"] as? String == "30")
        #expect(Double(stream["start_time"] as? String ?? "") == 0)
        #expect(Double(format["duration"] as? String ?? "") == 1.0)
    }

    @Test func vp9WebMHasTheSameColourHandling() throws {
        let (w, h) = (320, 240)
        let path = try encode(VideoOptions(codec: .vp9, width: w, height: h, fps: 30), count: 30,
                              to: scratch.directory() + "/out.webm")
        let (stream, format) = try Probe(path).streamAndFormat
        #expect(format["format_name"] as? String == "matroska,webm")
        #expect(stream["codec_name"] as? String == "vp9")
        #expect(stream["pix_fmt"] as? String == "yuv420p")
        #expect(stream["color_primaries"] as? String == "bt709")
        #expect(stream["color_transfer"] as? String == "bt709")
        #expect(stream["color_space"] as? String == "bt709")
        #expect(stream["color_range"] as? String == "tv")
        #expect(stream["nb_read_frames"] as? String == "30")
        #expect(Double(format["duration"] as? String ?? "") == 1.0)
        let rgb = try Probe.decodeRGB(path)
        for (i, colour) in TestFrames.patches.enumerated() {
            let (x, y) = TestFrames.patchCentre(i, width: w, height: h)
            let decoded = pixel(rgb, frame: 29, x: x, y: y, width: w, height: h)
            #expect(isClose(decoded, colour, tolerance: 8), "patch \(i): \(decoded)")
        }
    }

    @Test func badOptionsAreNamed() throws {
        let path = try scratch.directory() + "/out.mp4"
        func optionName(_ options: VideoOptions) -> String? {
            do {
                _ = try VideoWriter(path: path, options: options)
                return nil
            } catch {
                if case .invalidOption(_, let name, _, _) = error { return name }
                return "unexpected \(error)"
            }
        }
        #expect(optionName(VideoOptions(width: 64, height: 64, fps: 30, preset: "fastest")) == "preset")
        #expect(optionName(VideoOptions(width: 64, height: 64, fps: 30, tune: "cartoon")) == "tune")
        #expect(optionName(VideoOptions(width: 64, height: 64, fps: 30, crf: 52)) == "crf")
        #expect(optionName(VideoOptions(codec: .vp9, width: 64, height: 64, fps: 30, crf: 64)) == "crf")
        #expect(optionName(VideoOptions(width: 64, height: 64, fps: 0)) == "fps")
        #expect(optionName(VideoOptions(width: 0, height: 64, fps: 30)) == "size")
        #expect(optionName(VideoOptions(width: 64, height: 64, fps: 30, tune: "animation,fastdecode")) == nil)
        #expect(optionName(VideoOptions(codec: .vp9, width: 64, height: 64, fps: 30, crf: 63)) == nil)
    }

    /// CRF 0 is lossless, which x264 encodes only in High 4:4:4 Predictive; asking for High made
    /// it refuse to open.
    @Test func crfZeroIsLossless() throws {
        let path = try encode(VideoOptions(width: 64, height: 48, fps: 10, crf: 0), count: 5,
                              to: scratch.directory() + "/lossless.mp4")
        #expect(try Probe(path).string("profile") == "High 4:4:4 Predictive")
    }

    @Test func wrongFrameSizeOrOrderIsAnError() throws {
        let path = try scratch.directory() + "/out.mp4"
        let writer = try VideoWriter(path: path, options: VideoOptions(width: 64, height: 48, fps: 30))
        #expect(throws: EncodeError.frameSize(path: path, index: 0, width: 48, height: 64,
                                              expectedWidth: 64, expectedHeight: 48)) {
            try writer.write(Pixmap(width: 48, height: 64), index: 0)
        }
        try writer.write(Pixmap(width: 64, height: 48), index: 5)
        #expect(throws: EncodeError.frameOrder(path: path, index: 5, previous: 5)) {
            try writer.write(Pixmap(width: 64, height: 48), index: 5)
        }
        try writer.finish()
        #expect(throws: EncodeError.finished(path: path)) { try writer.finish() }
        let (stream, _) = try Probe(path).streamAndFormat
        #expect(stream["nb_read_frames"] as? String == "1")
    }

    @Test func finishingWithoutFramesIsAnError() throws {
        let path = try scratch.directory() + "/out.mp4"
        let writer = try VideoWriter(path: path, options: VideoOptions(width: 64, height: 48, fps: 30))
        #expect(throws: EncodeError.noFrames(path: path)) { try writer.finish() }
    }

    @Test func missingFolderCannotBeCreated() throws {
        let path = try scratch.directory() + "/no/such/folder/out.mp4"
        do {
            _ = try VideoWriter(path: path, options: VideoOptions(width: 64, height: 48, fps: 30))
            Issue.record("opening \(path) should fail")
        } catch {
            guard case .cannotCreate(let failedPath, let call, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(failedPath == path && call == "avio_open")
        }
    }

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
    func fullDiskIsReportedAsDiskFull() throws {
        // /dev/full accepts open() and fails every write with ENOSPC.
        let path = try scratch.directory() + "/full.mp4"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/full")
        #expect(throws: EncodeError.diskFull(path: path)) {
            let writer = try VideoWriter(path: path, options: VideoOptions(width: 320, height: 240, fps: 30))
            for i in 0..<30 { try writer.write(TestFrames.frame(width: 320, height: 240, boxX: 8 * i), index: i) }
            try writer.finish()
        }
    }
}
