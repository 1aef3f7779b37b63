import Foundation
import Testing
import PageReelTestSupport
@testable import PageReel
import PageReelEncode

/// The fingerprint changes with everything that changes the pixels or the stream, and with
/// nothing else.
@Suite struct RenderFingerprintTests {
    let scratch = ScratchDirectory()

    func fingerprint(_ deck: String, transition: TransitionSpec? = nil, size: (Int, Int) = (160, 96), fps: Int = 20,
                     video: VideoOptions = VideoOptions(width: 160, height: 96, fps: 20)) throws -> RenderFingerprint {
        try RenderFingerprint(project: Project.load(deck), transition: transition, width: size.0, height: size.1, fps: fps,
                              video: video)
    }

    /// Spacing, key order and defaults written out are formatting; the deck's folder is not content.
    @Test func theDeckCountsByContentNotByItsText() throws {
        let deck = try TestDecks.write(in: scratch)
        let reformatted = TestDecks.small
            .replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: #""tail": 0.3"#, with: #""tail": 0.30, "touches": false"#)
            .replacingOccurrences(of: #""wait": 0.2"#, with: #""wait": 2e-1"#)
        let same = try TestDecks.write(reformatted, in: scratch, name: "reformatted")
        let base = try fingerprint(deck)
        #expect(try fingerprint(same) == base)
        #expect(base.digest.count == 64 && base.digest == SHA256.hex(of: base.text))
        #expect(base.text.hasPrefix("pagereel fingerprint 1\nversion \(PageReelVersion.current)\ndeck "))
        #expect(base.text.contains("\nfile shot.png "))
        let red = try TestDecks.write(TestDecks.small.replacingOccurrences(of: "#FF0000", with: "#FF0001"), in: scratch, name: "red")
        #expect(try fingerprint(red).digest != base.digest)
    }

    @Test func settingsThatShapeTheVideoChangeIt() throws {
        let deck = try TestDecks.write(in: scratch)
        let base = try fingerprint(deck)
        // The deck's own transition is cards: naming it again is the same video.
        #expect(try fingerprint(deck, transition: .named(.cards)) == base)
        var digests: Set<String> = [base.digest]
        digests.insert(try fingerprint(deck, transition: .named(.fold)).digest)
        digests.insert(try fingerprint(deck, size: (320, 192)).digest)
        digests.insert(try fingerprint(deck, fps: 30).digest)
        digests.insert(try fingerprint(deck, video: VideoOptions(width: 160, height: 96, fps: 20, crf: 23)).digest)
        digests.insert(try fingerprint(deck, video: VideoOptions(width: 160, height: 96, fps: 20, preset: "slow")).digest)
        digests.insert(try fingerprint(deck, video: VideoOptions(width: 160, height: 96, fps: 20, tune: nil)).digest)
        let withSound = try RenderFingerprint(project: try Project.load(deck), transition: nil, width: 160, height: 96,
                                              fps: 20, video: VideoOptions(width: 160, height: 96, fps: 20), sound: true)
        digests.insert(withSound.digest)
        #expect(digests.count == 8)
        #expect(try fingerprint(deck, video: VideoOptions(width: 160, height: 96, fps: 20, crf: 23)).settings
            == "160x96, 20 fps, h264, crf 23, preset medium, tune animation, transition cards, no audio")
        #expect(withSound.settings.hasSuffix(", transition cards, audio aac 192k"))
    }

    /// Images and fonts count by their bytes; a font folder by each font file in it.
    @Test func filesTheDeckNamesCountByContent() throws {
        let json = TestDecks.small.replacingOccurrences(of: #""tail": 0.3"#, with: #""tail": 0.3, "fonts": ["fonts"]"#)
        let deck = try TestDecks.write(json, in: scratch)
        let folder = (deck as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                         toPath: folder + "/fonts/Brand.ttf")
        let project = try Project.load(deck)
        func digest() throws -> RenderFingerprint {
            try RenderFingerprint(project: project, transition: nil, width: 160, height: 96, fps: 20,
                                  video: VideoOptions(width: 160, height: 96, fps: 20))
        }
        let base = try digest()
        #expect(base.text.contains("\nfile fonts/Brand.ttf ") && base.text.contains("\nfile shot.png "))
        let font = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/fonts/Brand.ttf"))
        try font.seekToEnd()
        try font.write(contentsOf: Data([0]))
        try font.close()
        let changedFont = try digest()
        #expect(changedFont.digest != base.digest)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/shot.png"))
        #expect(try digest().digest != changedFont.digest)
        try FileManager.default.removeItem(atPath: folder + "/shot.png")
        #expect(throws: PageReelError.self) { try digest() }
    }
}
