// The deck's sound: music, touch sounds and the recordings' own audio.

extension DeckFormat {
    /// Text shared by the keys naming an audio file.
    static let audioFileSummary = "relative to the deck: WAV, AIFF, MP3, AAC/M4A, FLAC, Ogg Opus or Vorbis, CAF, or "
        + "the audio of an MP4/MOV/Matroska/WebM, in any codec FFmpeg decodes"

    enum AudioKeys {
        static let music = KeySpec("music", .oneOf([.string(nonEmpty: true), .object(MusicKeys.spec.name)]),
                                   "Music under the whole video: a path, or a music object saying where it starts, how "
                                   + "loud it is and how it fades. Cut at the video's end.")
        static let touches = KeySpec("touches", .oneOf([.boolean, .object(TouchSoundKeys.spec.name)]),
                                     default: .json("false"),
                                     "Sounds of the scripted touches: `true` for a built-in click at each tap's "
                                     + "touch-down (synthesized, the same every time), or an object with its volume "
                                     + "and your own sounds.")
        static let recordings = Key<Bool>.boolean("recordings", default: true,
                                                  "Recordings play their own audio track with the clip's timing "
                                                  + "(start, rate, loop, onAppear), at the clip's `volume` times its "
                                                  + "page's visibility: full when the page rests in the viewport, "
                                                  + "fading as it scrolls away, as captions do.")

        static let spec = ObjectSpec("audio", "The video's sound, mixed at 48 kHz stereo on the video's clock: MP4 "
                                     + "gets AAC, WebM Opus; GIF, WebP, APNG and PNG outputs have none. A deck with "
                                     + "no music, no touch sounds and no recording with an audio track makes silent "
                                     + "videos without an audio stream.",
                                     keys: [music, touches, recordings.spec])
    }

    enum MusicKeys {
        static let file = Key<String>.path("file", required: true, "The music, " + audioFileSummary + ".")
        static let start = Key<Double>.number("start", .nonNegative, default: 0,
                                              "Seconds into the file where the music begins; before the file's end.")
        static let volume = Key<Double>.number("volume", .fraction, default: 1, "Linear gain, 0…1.")
        static let fadeIn = Key<Double>.number("fadeIn", .nonNegative, default: 0,
                                               "Seconds over which the music rises from silence at the video's start.")
        static let fadeOut = Key<Double>.number("fadeOut", .nonNegative, default: 0,
                                                "Seconds over which the music falls to silence, ending with the video.")
        static let loop = Key<Bool>.boolean("loop", default: false,
                                            "Repeat the part from `start` to the file's end until the video ends; "
                                            + "otherwise silence follows it.")

        static let spec = ObjectSpec("music", "Music under the whole video.",
                                     keys: [file.spec, start.spec, volume.spec, fadeIn.spec, fadeOut.spec, loop.spec])
    }

    enum TouchSoundKeys {
        static let volume = Key<Double>.number("volume", .fraction, default: 1, "Linear gain of every touch sound, 0…1.")
        static let tap = Key<String>(spec: KeySpec("tap", .string(nonEmpty: true), default: .described("a built-in click"),
                                                   "The sound played at each tap's touch-down, " + audioFileSummary
                                                   + ".")) { DeckDecoder.readPath(&$0) }
        static let drag = Key<String>(spec: KeySpec("drag", .string(nonEmpty: true), default: .described("none"),
                                                    "The sound played at each drag's, swipe's and fling's touch-down, "
                                                    + audioFileSummary + ".")) { DeckDecoder.readPath(&$0) }

        static let spec = ObjectSpec("touchSounds", "The sounds of the scripted touches, each starting at its "
                                     + "touch-down (`pagereel timeline --events` lists the instants).",
                                     keys: [volume.spec, tap.spec, drag.spec])
    }
}
