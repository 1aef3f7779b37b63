import Foundation
import Testing
@testable import PageReel
import PageReelTestSupport

/// `VideoDiff.run` when it stops before the end: its decoding threads run ahead of the comparison,
/// and a stop at any point (a signal while a range is being reported, a file that ends early)
/// gives the stop's own error and lets them go, whatever they were doing.
@Suite(.serialized) struct VideoDiffTests {
    let scratch = ScratchDirectory()

    /// Two 2 s H.264 clips of ffmpeg's test pattern at 30 fps (MP4, index first), the second with
    /// a block drawn over it from 0.3 s: every instant from there on has changed.
    func pair() throws -> (old: String, new: String) {
        let folder = try scratch.directory("pair")
        let old = folder + "/old.mp4", new = folder + "/new.mp4"
        guard !FileManager.default.fileExists(atPath: new) else { return (old, new) }
        for (path, filter) in [(old, "null"), (new, "drawbox=x=40:y=30:w=120:h=90:color=red:t=fill:enable='gte(t,0.3)'")] {
            _ = try Command.check("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30:d=2",
                                             "-vf", filter, "-c:v", "libx264", "-g", "15", "-pix_fmt", "yuv420p",
                                             "-movflags", "+faststart", path])
        }
        return (old, new)
    }

    /// Cancels at the `at`-th changed instant it is shown.
    final class Stopper: VideoDiff.Observer {
        let cancellation = Cancellation()
        let at: Int
        private(set) var seen = 0
        init(at: Int) { self.at = at }
        func begin(old: VideoDiff.Result.Side, new: VideoDiff.Result.Side, interval: Double) {}
        func changedFrame(index: Int, time: Double, old: Pixmap?, new: Pixmap?, mask: [UInt8]?) {
            seen += 1
            if seen == at { cancellation.cancel(signal: SIGINT) }
        }
        func rangeEnded(_ range: VideoDiff.ChangedRange, old: Pixmap?, new: Pixmap?, mask: [UInt8]?) {}
    }

    /// A signal at the first changed instants, a middle one and the last but one: `.interrupted` with it, the
    /// instants after it not compared, and the decoders (frames ahead of the comparison on both
    /// sides, or done) stopped and gone before `run` returns. Then the same pair to the end.
    @Test func aSignalPartWayStopsTheDecoders() throws {
        let (old, new) = try pair()
        for at in [1, 2, 20, 50] {
            let stopper = Stopper(at: at)
            do {
                _ = try VideoDiff().run(old: old, new: new, observer: stopper, cancellation: stopper.cancellation)
                Issue.record("not stopped at \(at)")
            } catch {
                guard case .interrupted(let signal) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(signal == SIGINT)
            }
            #expect(stopper.seen == at)
        }
        let whole = try VideoDiff().run(old: old, new: new)
        #expect(whole.frames == 60)
        #expect(whole.changed.map { [$0.from, $0.to] } == [[9, 59]], "\(whole.changed)")
    }

    /// NEW cut short (its index lists every frame, its data stops at 60%): the frame where it
    /// ends is named, from whichever side's thread found it, and nothing else is thrown.
    @Test func aFileThatEndsEarlyIsNamed() throws {
        let (old, new) = try pair()
        let data = try Data(contentsOf: URL(fileURLWithPath: new))
        let cut = (new as NSString).deletingLastPathComponent + "/cut.mp4"
        try data.prefix(data.count * 6 / 10).write(to: URL(fileURLWithPath: cut))
        for (a, b) in [(old, cut), (cut, old)] {
            do {
                _ = try VideoDiff().run(old: a, new: b)
                Issue.record("a cut file compared to the end")
            } catch {
                guard case .inputInvalid(let path, let message) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(path == cut)
                #expect(message.contains("truncated"), "\(message)")
            }
        }
    }
}
