/// The deck's sound: music under the whole video, clicks for the scripted touches, and the
/// recordings' own audio, mixed on the video's clock (sample n ↔ t = n / 48000 s).
public struct Audio: Sendable, Equatable {
    /// A music file under the whole video.
    public struct Music: Sendable, Equatable {
        /// Path relative to the deck: any audio FFmpeg reads (WAV, AIFF, MP3, AAC/M4A, FLAC,
        /// Ogg Opus/Vorbis, CAF) or the audio of an MP4/MOV/WebM.
        public var file: String
        /// Seconds into the file where the music begins.
        public var start: Double = 0
        /// Linear gain, 0…1.
        public var volume: Double = 1
        /// Seconds over which the music rises from silence at the start of the video.
        public var fadeIn: Double = 0
        /// Seconds over which it falls to silence at the end of the video.
        public var fadeOut: Double = 0
        /// Whether the part from `start` to the file's end repeats until the video ends; otherwise
        /// silence follows it.
        public var loop: Bool = false

        public init(file: String, start: Double = 0, volume: Double = 1, fadeIn: Double = 0, fadeOut: Double = 0,
                    loop: Bool = false) {
            self.file = file
            self.start = start
            self.volume = volume
            self.fadeIn = fadeIn
            self.fadeOut = fadeOut
            self.loop = loop
        }
    }

    /// Sounds of the scripted touches.
    public struct Touches: Sendable, Equatable {
        /// Linear gain of every touch sound, 0…1.
        public var volume: Double = 1
        /// The sound of a tap's touch-down; nil = the built-in click.
        public var tap: String?
        /// The sound of a drag's, swipe's or fling's touch-down; nil = none.
        public var drag: String?

        public init(volume: Double = 1, tap: String? = nil, drag: String? = nil) {
            self.volume = volume
            self.tap = tap
            self.drag = drag
        }
    }

    public var music: Music?
    /// nil = touches make no sound.
    public var touches: Touches?
    /// Whether recordings play their own audio track, each at its `volume` times its page's visibility.
    public var recordings: Bool = true

    public init(music: Music? = nil, touches: Touches? = nil, recordings: Bool = true) {
        self.music = music
        self.touches = touches
        self.recordings = recordings
    }

    /// The audio files the deck names outside its pages, with their JSON paths.
    public var files: [(path: String, file: String)] {
        var files: [(path: String, file: String)] = []
        if let music { files.append(("audio.music", music.file)) }
        if let tap = touches?.tap { files.append(("audio.touches.tap", tap)) }
        if let drag = touches?.drag { files.append(("audio.touches.drag", drag)) }
        return files
    }
}
