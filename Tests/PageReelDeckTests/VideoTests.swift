import PageReelDeck
import Testing

/// A page's and a layer's `video`: the two spellings, their checks, and where on the file a clip
/// is at a given moment (hold, loop, start, rate, play).
@Suite struct VideoTests {
    @Test func aPathIsAClipWithDefaults() throws {
        let deck = try #require(decodeDeck(#"{"pages": [{"video": "rec.mov"}]}"#))
        #expect(deck.page(at: 0).video == Video(file: "rec.mov"))
        #expect(deck.page(at: 0).video?.fit == nil)
    }

    @Test func decodesEveryVideoKey() throws {
        let deck = try #require(decodeDeck("""
            {"pages": [{"video": {"file": "a.mp4", "start": 1.5, "end": 4, "loop": true, "rate": 2,
                                   "play": "onAppear", "fit": "fit"},
                        "layers": [{"video": "pip.mp4", "x": 10, "y": 20, "width": 90, "fit": "stretch",
                                    "opacity": 0.5}]}]}
            """))
        let page = deck.page(at: 0)
        #expect(page.video == Video(file: "a.mp4", start: 1.5, end: 4, loop: true, rate: 2, play: .onAppear, fit: .fit))
        #expect(page.layers == [Layer(content: .video(Video(file: "pip.mp4")), x: 10, y: 20, width: 90,
                                      fit: .stretch, opacity: 0.5)])
        #expect(page.videos.map(\.file) == ["a.mp4", "pip.mp4"])
        #expect(deck.hasRecording(playing: .onAppear) && deck.hasRecording(playing: .always))
    }

    @Test func templatesResolveVideoPaths() throws {
        let deck = try #require(decodeDeck("""
            {"pages": {"count": 2, "template": {"video": {"file": "rec-{n}.mp4", "rate": 2},
                                                  "layers": [{"video": "pip-{i}.mp4"}]}}}
            """))
        #expect(deck.page(at: 1).video == Video(file: "rec-2.mp4", rate: 2))
        #expect(deck.page(at: 1).layers.first?.content == .video(Video(file: "pip-1.mp4")))
    }

    @Test(arguments: [
        (#"[{"video": ""}]"#, "pages[0].video: must not be empty"),
        (#"[{"video": 3}]"#, "pages[0].video: expected a path or a video object, got a number"),
        (#"[{"video": {}}]"#, "pages[0].video.file: required"),
        (#"[{"video": {"file": "a.mp4", "loops": true}}]"#, #"pages[0].video.loops: unknown key (did you mean "loop"?)"#),
        (#"[{"video": {"file": "a.mp4", "start": -1}}]"#, "pages[0].video.start: must be >= 0"),
        (#"[{"video": {"file": "a.mp4", "end": 0}}]"#, "pages[0].video.end: must be > 0"),
        (#"[{"video": {"file": "a.mp4", "start": 3, "end": 2}}]"#,
         #"pages[0].video.end: 2 must be after "start" (3)"#),
        (#"[{"video": {"file": "a.mp4", "start": 2, "end": 2}}]"#,
         #"pages[0].video.end: 2 must be after "start" (2)"#),
        (#"[{"video": {"file": "a.mp4", "rate": 0}}]"#, "pages[0].video.rate: must be > 0"),
        (#"[{"video": {"file": "a.mp4", "rate": 500}}]"#, "pages[0].video.rate: 500 is over the limit of 100"),
        (#"[{"video": {"file": "a.mp4", "play": "onappear"}}]"#,
         #"pages[0].video.play: unknown play mode "onappear" (did you mean "onAppear"?)"#),
        (#"[{"video": {"file": "a.mp4", "fit": "cover"}}]"#,
         #"pages[0].video.fit: unknown fit "cover" (use fill, fit or stretch)"#),
        (#"[{"layers": [{"video": "a.mp4", "image": "b.png"}]}]"#,
         #"pages[0].layers[0]: has both "image" and "video"; use one per layer"#),
        (#"[{"layers": [{"video": "a.mp4", "size": 12}]}]"#,
         #"pages[0].layers[0].size: "size" applies to text layers only"#),
        (#"[{"layers": [{"x": 1}]}]"#, #"pages[0].layers[0]: needs "image", "video" or "text""#),
    ])
    func rejectsBadVideos(pages: String, message: String) {
        #expect(issues(#"{"pages": "# + pages + "}") == [message])
    }

    @Test func encodesAndDecodesBack() throws {
        var page = Page(video: Video(file: "a.mp4", start: 0.25, end: 3, loop: true, rate: 1.5, play: .onAppear))
        page.layers = [Layer(content: .video(Video(file: "b.mov", fit: .fit)), x: 4, y: 5, width: 60)]
        let deck = Deck(pages: .list([page]))
        let decoded = try DeckDecoder.decode(Array(DeckEncoder.json(deck).utf8), file: "deck.json")
        #expect(decoded.page(at: 0) == page)
    }

    // MARK: Where the clip is

    @Test func alwaysRunsFromTheDeckStartAtItsRate() {
        let video = Video(file: "a", rate: 2)
        #expect(video.elapsed(at: 1.25, appeared: nil) == 2.5)
        #expect(video.elapsed(at: 1.25, appeared: 1) == 2.5)
    }

    @Test func onAppearRunsFromTheLastAppearanceAndWaitsBeforeIt() {
        let video = Video(file: "a", rate: 0.5, play: .onAppear)
        #expect(video.elapsed(at: 3, appeared: nil) == 0)
        #expect(video.elapsed(at: 3, appeared: 2) == 0.5)
    }

    @Test func holdsTheLastFrameBeforeTheEnd() {
        let clip = Video(file: "a", start: 1, end: 2)
        #expect(abs(clip.fileTime(elapsed: 0.5, duration: 10) - 1.5) < 1e-5)
        #expect(clip.fileTime(elapsed: 5, duration: 10) == 2 - Video.tolerance)
        // Past the file's end, the file's last instant.
        #expect(Video(file: "a").fileTime(elapsed: 60, duration: 4) == 4 - Video.tolerance)
        // An end past the file is the file's end.
        #expect(Video(file: "a", end: 9).fileTime(elapsed: 60, duration: 4) == 4 - Video.tolerance)
    }

    @Test func loopsBetweenStartAndEnd() {
        let clip = Video(file: "a", start: 1, end: 3, loop: true)
        #expect(abs(clip.fileTime(elapsed: 0.5, duration: 10) - 1.5) < 1e-5)
        #expect(abs(clip.fileTime(elapsed: 2.5, duration: 10) - 1.5) < 1e-5)
        #expect(abs(clip.fileTime(elapsed: 4.0, duration: 10) - 1.0) < 1e-5)
        // Without an end, the file's length is the loop.
        #expect(abs(Video(file: "a", loop: true).fileTime(elapsed: 5.25, duration: 2) - 1.25) < 1e-5)
    }

    /// An instant that lands on a frame's start by arithmetic (1/3 s at 30 fps) counts as in that
    /// frame, not an ulp before it.
    @Test func aFrameStartCountsAsInside() {
        let t = Double(10) / 30
        let time = Video(file: "a", start: 0.1, rate: 1).fileTime(elapsed: t - 0.1, duration: 5)
        #expect(time >= t)
        #expect(time < t + 1e-5)
    }
}
