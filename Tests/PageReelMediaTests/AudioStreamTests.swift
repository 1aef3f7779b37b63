import Foundation
import PageReelMedia
import PageReelTestSupport
import Testing

/// Audio decoded and resampled to 48 kHz stereo: every format the deck may name, made by the
/// ffmpeg CLI and measured (length, frequency by FFT, level); reading from any point gives the
/// same samples; files that are not audio are refused with the reason.
@Suite struct AudioStreamTests {
    let scratch = ScratchDirectory()

    /// Every sample of `path`, interleaved.
    func decodeAll(_ path: String, speed: Double = 1) throws -> [Float] {
        let stream = try AudioStream(file: try InputRoots.anywhere(relativeTo: "/").open(path), speed: speed)
        var all: [Float] = [], chunk = [Float](repeating: 0, count: 2 * 4000)
        while true {
            let n = try stream.read(4000, into: &chunk)
            all += chunk[0..<(2 * n)]
            if n < 4000 { return all }
        }
    }

    func left(_ samples: [Float]) -> [Float] { stride(from: 0, to: samples.count, by: 2).map { samples[$0] } }

    /// A 1 s, 440 Hz, 0.125-amplitude mono tone at 44.1 kHz in each format pagereel reads.
    @Test(arguments: [("wav", ["-c:a", "pcm_s16le"]), ("aiff", ["-c:a", "pcm_s16be"]), ("mp3", ["-c:a", "libmp3lame"]),
                      ("m4a", ["-c:a", "aac"]), ("flac", ["-c:a", "flac"]), ("opus", ["-c:a", "libopus"]),
                      ("ogg", ["-c:a", "libvorbis"]), ("caf", ["-c:a", "pcm_s16le"]), ("mka", ["-c:a", "libopus"]),
                      ("mov", ["-c:a", "aac"]), ("aac", ["-c:a", "aac"])])
    func decodesEveryFormatToTheSameTone(format: String, codec: [String]) throws {
        let folder = try scratch.directory()
        let path = try Sound.make("tone.\(format)", in: folder, source: "sine=frequency=440:sample_rate=44100:duration=1",
                                  codec: codec)
        let samples = try decodeAll(path)
        let frames = samples.count / 2
        // One second at 48 kHz, give or take the codec's framing.
        #expect(abs(frames - 48_000) < 2_400, "\(frames) frames")
        let l = left(samples), r = stride(from: 1, to: samples.count, by: 2).map { samples[$0] }
        #expect(abs(Sound.dominantFrequency(Array(l[4_800..<43_200])) - 440) < 2)
        // Mono plays at full level in both channels: a 0.125 sine has RMS 0.088 (ffmpeg's sine is 0.97 of that).
        #expect(abs(Sound.rms(l[4_800..<43_200]) - 0.0857) < 0.005)
        #expect(abs(Sound.rms(r[4_800..<43_200]) - 0.0857) < 0.005)
    }

    @Test func theAudioOfAVideoDecodes() throws {
        let folder = try scratch.directory()
        let path = folder + "/rec.webm"
        _ = try Command.check("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=30:d=1",
                                         "-f", "lavfi", "-i", "sine=frequency=880:sample_rate=48000:duration=1",
                                         "-c:v", "libvpx-vp9", "-c:a", "libopus", "-shortest", path])
        let samples = try decodeAll(path)
        #expect(abs(Sound.dominantFrequency(Array(left(samples)[4_800..<40_000])) - 880) < 2)
    }

    /// `speed` 2 plays an octave higher in half the time, as tape does.
    @Test func speedPlaysFasterAndHigher() throws {
        let path = try Sound.make("tone.flac", in: try scratch.directory(), source: "sine=frequency=300:sample_rate=48000:duration=2")
        let samples = try decodeAll(path, speed: 2)
        #expect(abs(samples.count / 2 - 48_000) < 100)
        #expect(abs(Sound.dominantFrequency(Array(left(samples)[4_800..<43_200])) - 600) < 2)
    }

    /// Skipping to a sample and reading gives exactly what reading from the start gives there:
    /// no seek, so no decoder or resampler state differs.
    @Test(arguments: [0, 1, 1023, 17_777, 44_100])
    func anyStartGivesTheSameSamples(skip: Int) throws {
        let path = try Sound.make("tone.mp3", in: try scratch.directory(),
                                  source: "aevalsrc=0.3*sin(2*PI*(200+300*t)*t):s=44100:d=1.5", codec: ["-c:a", "libmp3lame"])
        let all = try decodeAll(path)
        let stream = try AudioStream(file: try InputRoots.anywhere(relativeTo: "/").open(path))
        #expect(try stream.skip(skip) == skip)
        var part = [Float](repeating: 0, count: 2 * 5000)
        let n = try stream.read(5000, into: &part)
        #expect(n == 5000)
        #expect(Array(part[0..<(2 * n)]) == Array(all[(2 * skip)..<(2 * (skip + n))]))
    }

    /// An 8 kHz phone recording is resampled to 48 kHz.
    @Test func lowRatesAreResampled() throws {
        let path = try Sound.make("voice.wav", in: try scratch.directory(), source: "sine=frequency=1000:sample_rate=8000:duration=1")
        let samples = try decodeAll(path)
        #expect(abs(samples.count / 2 - 48_000) < 100)
        #expect(abs(Sound.dominantFrequency(Array(left(samples)[4_800..<43_200])) - 1000) < 2)
    }

    /// Opens `path` expecting `.badAudio` whose message contains `reason`.
    func expectBadAudio(_ path: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try AudioStream.check(try InputRoots.anywhere(relativeTo: "/").open(path))
            Issue.record("opened \(path) as audio", sourceLocation: sourceLocation)
        } catch {
            guard case .badAudio(let errorPath, let message) = error else {
                Issue.record("expected .badAudio, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(errorPath == path, sourceLocation: sourceLocation)
            #expect(message.contains(reason), "message: \(message)", sourceLocation: sourceLocation)
        }
    }

    @Test func filesThatAreNotAudioAreRefusedWithTheReason() throws {
        let folder = try scratch.directory()
        let text = folder + "/notes.mp3"
        try "hello, not a song\n".write(toFile: text, atomically: true, encoding: .utf8)
        expectBadAudio(text, "not audio libavformat can open")
        let silent = try TestClips.counterClip("silent.mp4", in: folder, fps: 30, frames: 4, size: "64x64",
                                               encoder: TestClips.h264)
        expectBadAudio(silent, AudioStream.noAudioStream)
        let playlist = folder + "/playlist.m4a"
        try "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:9/segment.aac\n#EXT-X-ENDLIST\n"
            .write(toFile: playlist, atomically: true, encoding: .utf8)
        expectBadAudio(playlist, "a playlist (hls), not audio: pagereel reads one file, never the files a list names")
        let renamed = folder + "/image.mp3"
        _ = try Command.check("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=16x16:d=0.1", "-frames:v", "1",
                                         folder + "/red.png"])
        try FileManager.default.moveItem(atPath: folder + "/red.png", toPath: renamed)
        expectBadAudio(renamed, "a still image (png_pipe), not audio")
    }

    /// A float WAV holding NaN and infinity (damaged or hostile) gives silence there, never a
    /// sample that is not a number.
    @Test func samplesThatAreNotNumbersAreSilence() throws {
        var data: [UInt8] = []
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data += $0 } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data += $0 } }
        let values: [Float] = (0..<9600).map { k in k % 7 == 0 ? .nan : k % 11 == 0 ? .infinity : 0.1 }
        data += Array("RIFF".utf8); u32(36 + UInt32(values.count * 4)); data += Array("WAVEfmt ".utf8)
        u32(16); u16(3); u16(2); u32(48_000); u32(48_000 * 8); u16(8); u16(32)
        data += Array("data".utf8); u32(UInt32(values.count * 4))
        for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { data += $0 } }
        let path = try ScratchFolder.write(data, named: "nan.wav", in: URL(fileURLWithPath: try scratch.directory()))
        let samples = try decodeAll(path)
        #expect(samples.count >= 9000)
        #expect(samples.allSatisfy { $0.isFinite })
        #expect(samples.contains(0.1))
    }

    @Test func aMissingFileIsNotFound() throws {
        let path = try scratch.directory() + "/missing.mp3"
        #expect(throws: MediaError.notFound(path: path)) { try InputRoots.anywhere(relativeTo: "/").open(path) }
    }
}
