/// libFuzzer entry point for reading recordings and sounds, compiled into the module PageReelMedia (with
/// PageReelDeck, PageReelJSON and CShims beside it) by `Scripts/fuzz videos`; it is not a SwiftPM
/// target, since libFuzzer brings its own main. A deck's recordings come from strangers, and
/// libavformat's probe takes any bytes for something, so any bytes must end in a clip or a
/// `MediaError`: never a crash, a hang, unbounded memory or a file opened by name.
/// `Tests/PageReelMediaTests/FuzzFindingTests.swift` replays the findings through the same calls.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVideoClip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzVideo(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// Well below the 50 MP of a deck, so that a stream declaring large pictures decodes fast under
/// AddressSanitizer; every check runs the same.
let fuzzVideoMaxPixels = 4_000_000

func fuzzVideo(_ bytes: [UInt8]) {
    guard let file = try? InputFile.memory(bytes, name: "input.mp4") else { return }
    fuzzSound(file)
    // Opening probes, demuxes every packet into the frame index and decodes frame 0.
    guard let clip = try? VideoClip(file: file, maxPixels: fuzzVideoMaxPixels) else { return }
    precondition(clip.frameCount > 0 && clip.width > 0 && clip.height > 0, "\(clip.width)×\(clip.height)")
    let last = clip.frameCount - 1
    precondition((0...last).contains(clip.frameIndex(at: clip.duration)), "frame at the end")
    // The last frame streams forward in the first decoder, the middle one (halved) opens a second,
    // frame 1 a third, and frame 0 then makes the least recently used one seek back to the start.
    for (frame, reduction) in [(last, 1), (last / 2, 2), (min(1, last), 1), (0, 4)] {
        guard let pixmap = try? clip.frame(frame, reduction: reduction) else { return }
        precondition(pixmap.width == (clip.width + reduction - 1) / reduction
                         && pixmap.height == (clip.height + reduction - 1) / reduction,
                     "frame \(frame) is \(pixmap.width)×\(pixmap.height) of a \(clip.width)×\(clip.height) clip")
    }
}

/// The same bytes read as a sound (music, a touch sound, a recording's track), as the mix reads
/// it: decoded and resampled to 48 kHz stereo to its end, or the first minute, at twice the speed;
/// every sample finite. Reading it again from a later sample gives the same samples.
func fuzzSound(_ file: InputFile) {
    guard let stream = try? AudioStream(file: file, speed: 2, timedAgainstVideo: true) else { return }
    var buffer = [Float](repeating: 0, count: 2 * 4096)
    var total = 0
    var head: [Float] = []
    while total < 60 * AudioStream.sampleRate, let n = try? stream.read(4096, into: &buffer), n > 0 {
        precondition(buffer[0..<(2 * n)].allSatisfy(\.isFinite), "a sample that is not a number")
        if head.count < 2 * 8192 { head += buffer[0..<(2 * n)] }
        total += n
    }
    guard head.count > 2 * 100, let again = try? AudioStream(file: file, speed: 2, timedAgainstVideo: true),
          (try? again.skip(100)) == 100 else { return }
    var part = [Float](repeating: 0, count: 2 * 50)
    guard let n = try? again.read(50, into: &part), n == 50 else { return }
    precondition(part == Array(head[200..<300]), "a later start gives other samples")
}
