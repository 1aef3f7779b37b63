import PageReelDeck
import Testing

/// The deck's `audio` and a clip's `volume`: every spelling, the defaults, and when a clip is heard.
@Suite struct AudioTests {
    @Test func withoutAudioRecordingsPlayAndNothingElse() throws {
        let deck = try #require(decodeDeck(#"{"pages": [{}]}"#))
        #expect(deck.audio == Audio())
        #expect(deck.audio.music == nil && deck.audio.touches == nil && deck.audio.recordings)
        #expect(deck.audio.files.isEmpty)
    }

    @Test func aPathIsMusicWithDefaults() throws {
        let deck = try #require(decodeDeck(#"{"pages": [{}], "audio": {"music": "song.mp3", "touches": true}}"#))
        #expect(deck.audio.music == Audio.Music(file: "song.mp3"))
        #expect(deck.audio.touches == Audio.Touches())
        #expect(deck.audio.files.map(\.path) == ["audio.music"])
    }

    @Test func decodesEveryAudioKey() throws {
        let deck = try #require(decodeDeck("""
            {"pages": [{"video": {"file": "rec.mp4", "volume": 0.25}}],
             "audio": {"music": {"file": "m.flac", "start": 2.5, "volume": 0.5, "fadeIn": 1, "fadeOut": 3, "loop": true},
                       "touches": {"volume": 0.75, "tap": "tap.wav", "drag": "swoosh.wav"},
                       "recordings": false}}
            """))
        #expect(deck.audio.music == Audio.Music(file: "m.flac", start: 2.5, volume: 0.5, fadeIn: 1, fadeOut: 3, loop: true))
        #expect(deck.audio.touches == Audio.Touches(volume: 0.75, tap: "tap.wav", drag: "swoosh.wav"))
        #expect(!deck.audio.recordings)
        #expect(deck.page(at: 0).video?.volume == 0.25)
        #expect(deck.audio.files.map(\.path) == ["audio.music", "audio.touches.tap", "audio.touches.drag"])
    }

    @Test func touchesFalseIsNoSound() throws {
        let deck = try #require(decodeDeck(#"{"pages": [{}], "audio": {"touches": false}}"#))
        #expect(deck.audio.touches == nil)
    }

    /// The part of the file a clip plays (its sound is heard there, silent past it unless it loops).
    @Test func aClipPlaysFromStartToItsEndOrTheFilesEnd() {
        #expect(Video(file: "a.mp4", start: 1, end: 3).span(duration: 5) == (1, 2))
        #expect(Video(file: "a.mp4", start: 1).span(duration: 5) == (1, 4))
        #expect(Video(file: "a.mp4", end: 10).span(duration: 4) == (0, 4))
        #expect(Video(file: "a.mp4", start: 5).span(duration: 4) == (4, 0))
    }
}
